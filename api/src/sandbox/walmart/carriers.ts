/**
 * What Walmart accepts in a shipment's trackingInfo (orders.json, 2023-08 copy): the carrier names of
 * CarrierNameType.carrier and the method codes of TrackingInfoType.methodCode. The sandbox keeps its
 * own copy: it imports nothing of the engine.
 */

// prettier-ignore
export const walmartCarrierNames: readonly string[] = [
  'UPS', 'USPS', 'FedEx', 'Airborne', 'OnTrac', 'DHL Ecommerce - US', 'DHL', 'LS', 'UDS', 'UPSMI', 'FDX', 'PILOT',
  'ESTES', 'SAIA', 'FDS Express', 'Seko Worldwide', 'HIT Delivery', 'FEDEXSP', 'RL Carriers',
  'Metropolitan Warehouse & Delivery', 'China Post', 'YunExpress', 'Yellow Freight Sys', 'AIT Worldwide Logistics',
  'Chukou1', 'Sendle', 'Landmark Global', 'Sunyou', 'Yanwen', '4PX', 'GLS', 'OSM Worldwide', 'FIRST MILE',
  'AM Trucking', 'CEVA', 'India Post', 'SF Express', 'CNE', 'TForce Freight', 'AxleHire', 'LSO', 'Royal Mail',
  'ABF Freight System', 'WanB', 'Roadrunner Freight', 'Meyer Distribution', 'AAA Cooper', 'Canada Post',
  'Southeastern Freight Lines', 'Japan Post', 'Correos de Mexico', 'XPO Logistics', 'JD Logistics', 'YDH', 'JCEX',
  'Flyt', 'Deutsche Post',
];

export const walmartMethodCodes: readonly string[] = [
  'Standard',
  'Express',
  'OneDay',
  'Freight',
  'WhiteGlove',
  'Value',
];
