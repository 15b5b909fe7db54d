/**
 * The shipping carrier codes the sandbox accepts on createShippingFulfillment: eBay's
 * ShippingCarrierCodeType values available in the US, plus Other ("use this code for any carrier not
 * listed here"), https://developer.ebay.com/Devzone/XML/docs/Reference/eBay/types/ShippingCarrierCodeType.html
 * (which the definition's shippingCarrierCode description points to). Codes marked "not currently
 * supported" or "use X instead" are left out. The sandbox keeps its own copy (it imports nothing of the adapter).
 */
// prettier-ignore
export const ebayCarrierCodes: ReadonlySet<string> = new Set([
  'UPS', 'USPS', 'FedEx', 'DHL', 'DeutschePost', 'Hermes', 'iLoxx', 'ColiposteDomestic', 'ColiposteInternational',
  'Chronopost', 'Correos', 'Nacex', 'FourPX', 'FourPXCHINA', 'FourPXLTD', 'A1CourierServices', 'ABF', 'AMWST',
  'ARAMEX', 'ARVATO', 'AustraliaPost', 'AVRT', 'BPost', 'BELGIANPOST', 'BKNS', 'BluePackage', 'CanPar', 'CENF',
  'CEVA', 'ChinaPost', 'CHUKOU1', 'ChunghwaPost', 'CitiPost', 'CNWY', 'CPC', 'DayandRoss', 'DBSchenker',
  'DHLGlobalMail', 'DHLEKB', 'DPXThailand', 'FedExSmartPost', 'FLYT', 'FlytExpressUSDirectline',
  'FulfilExpressAccStation', 'FulfilExpresseForCity', 'FulfilExpressEverydaySource', 'FulfilExpressiTrimming',
  'HDUSA', 'HongKongPost', 'IndiaPost', 'IndonesiaPost', 'InterPost', 'Iparcel', 'IsraelPost', 'JapanPost', 'KIALA',
  'KoreaPost', 'LAPOSTE', 'Landmark', 'MALAYSIAPOST', 'MannaFreight', 'MNGTurkey', 'MSI', 'NEMF', 'ODFL', 'ONTRACK',
  'OVNT', 'ParcelPool', 'Parcelforce', 'Philpost', 'Pilot', 'PITD', 'POSTITALIANO', 'Prestige', 'Quantium', 'RETL',
  'RoyalMail', 'SAIA', 'SINGAPOREPOST', 'SioliandFontana', 'SkynetMalaysia', 'SpeeDee', 'SuntekExpressLTD',
  'SwissPost', 'TELE', 'THAILANDPOST', 'TPG', 'UBI', 'UPSMailInnovations', 'USPSCeP', 'USPSPMI', 'VietnamPost',
  'VITR', 'Winit', 'WNdirect', 'WPX', 'YANWEN', 'YRC', 'Other',
]);
