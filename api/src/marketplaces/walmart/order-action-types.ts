/** Walmart's cancellation, refund and return payloads (orders.json cancelOrderLines and refundOrderLines, returns.json). */
import type { WalmartMoney, WalmartQuantity } from './types.ts';

/** orders.json CancelLineStatusType.cancellationReason. */
export type WalmartCancellationReason =
  | 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL'
  | 'SELLER_CANCEL_PRICING_ERROR'
  | 'SELLER_CANCEL_OUT_OF_STOCK'
  | 'SELLER_CANCEL_FRAUD_STOP_SHIPMENT'
  | 'SELLER_CANCEL_ADDRESS_NOT_SERVICEABLE';

/** orders.json OrderCancellationResponse (POST /v3/orders/{purchaseOrderId}/cancel, cancelOrderLines). */
export interface WalmartOrderCancellation {
  orderCancellation: {
    orderLines: {
      orderLine: Array<{
        lineNumber: string;
        orderLineStatuses: {
          orderLineStatus: Array<{
            status: 'Cancelled';
            cancellationReason: WalmartCancellationReason;
            statusQuantity: WalmartQuantity;
          }>;
        };
      }>;
    };
  };
}

/** orders.json RefundChargeType.refundReason (the values this adapter sends). */
export type WalmartRefundReason =
  | 'Customer returned item'
  | 'DamagedItem'
  | 'ItemNotAsAdvertised'
  | 'Buyer canceled'
  | 'CustomerReceivedItemLate'
  | 'Others';

/** orders.json RefundChargeType: one charge given back (amounts negative). */
export interface WalmartRefundCharge {
  refundReason: string;
  charge: {
    chargeType: string;
    chargeName: string;
    chargeAmount: WalmartMoney;
    tax?: { taxName: string; taxAmount: WalmartMoney };
  };
}

/** orders.json RefundType. */
export interface WalmartRefund {
  refundId?: string;
  refundComments?: string;
  refundCharges: { refundCharge?: WalmartRefundCharge[] };
}

/** orders.json OrderRefund_json (POST /v3/orders/{purchaseOrderId}/refund, refundOrderLines). */
export interface WalmartOrderRefund {
  orderRefund: {
    purchaseOrderId: string;
    orderLines: {
      orderLine: Array<{ lineNumber: string; isFullRefund: boolean; refunds: { refund: WalmartRefund[] } }>;
    };
  };
}

/** returns.json Money. */
export interface WalmartReturnMoney {
  currencyAmount: number;
  currencyUnit: string;
}

/** returns.json ReturnOrderLine (the fields this adapter reads). */
export interface WalmartReturnOrderLine {
  returnOrderLineNumber?: number;
  salesOrderLineNumber?: number;
  returnReason?: string;
  purchaseOrderId?: string;
  purchaseOrderLineNumber?: number;
  returnCancellationReason?: string;
  item?: { sku?: string; productName?: string };
  unitPrice?: WalmartReturnMoney;
  chargeTotals?: Array<{ name: string; value: WalmartReturnMoney }>;
  quantity?: { unitOfMeasure: string; measurementValue: number };
  returnExpectedFlag?: boolean;
  isKeepIt?: boolean;
  refundedQty?: number;
  returnTrackingDetail?: Array<{
    sequenceNo?: number;
    eventTag?: string;
    eventDescription?: string;
    eventTime?: string;
  }>;
  status?: string;
  statusTime?: string;
  currentDeliveryStatus?: string;
  currentRefundStatus?: string;
  currentTrackingStatuses?: Array<{
    status?: string;
    statusTime?: string;
    currentRefundStatus?: string;
    quantity?: { unitOfMeasure: string; measurementValue: number };
  }>;
}

/** returns.json ReturnOrder. */
export interface WalmartReturnOrder {
  returnOrderId?: string;
  customerOrderId?: string;
  returnOrderDate?: string;
  returnByDate?: string;
  refundMode?: string;
  returnType?: string;
  totalRefundAmount?: WalmartReturnMoney;
  returnOrderLines?: WalmartReturnOrderLine[];
}

/** returns.json GetReturnOrdersResponse (GET /v3/returns, getReturns). */
export interface WalmartReturnsPage {
  meta: { totalCount?: number; limit?: number; nextCursor?: string | null };
  returnOrders: WalmartReturnOrder[];
}
