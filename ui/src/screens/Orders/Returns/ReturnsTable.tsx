import type { OrderReturn } from '../../../api';
import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { restockText } from '../Detail/ActionSections';
import { returnStatusLabels, returnStatusTones } from '../orderActionTexts';
import { formatDate, formatMoney } from '../orderTexts';
import { canRestock } from './returnsView';
import * as list from '../List/List.css';
import * as page from '../OrdersPage.css';
import * as styles from './Returns.css';

export interface ReturnsTableProps {
  returns: OrderReturn[];
  onOpen: (orderId: string) => void;
  onRestock: (ret: OrderReturn) => void;
  /** The return being restocked now, if any. */
  restocking: string | undefined;
}

/** The loaded returns as a table; on a narrow screen it scrolls sideways inside its frame. */
export function ReturnsTable({ returns, onOpen, onRestock, restocking }: ReturnsTableProps) {
  return (
    <Table caption="Returns" hideCaption>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Order</TableHeaderCell>
          <TableHeaderCell>Channel</TableHeaderCell>
          <TableHeaderCell>Opened</TableHeaderCell>
          <TableHeaderCell>Items</TableHeaderCell>
          <TableHeaderCell>Reason</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell className={list.number}>Refunded</TableHeaderCell>
          <TableHeaderCell>Stock</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {returns.map((ret) => (
          <TableRow key={ret.id}>
            <TableCell>
              {ret.orderId ? (
                <button
                  type="button"
                  className={list.orderButton}
                  aria-label={`Open order ${ret.orderNumber}`}
                  onClick={() => onOpen(ret.orderId!)}
                >
                  {ret.orderNumber}
                </button>
              ) : (
                <span className={list.stacked}>
                  <span className={page.mono}>{ret.orderNumber}</span>
                  <span className={list.secondary}>From before the channel was connected</span>
                </span>
              )}
            </TableCell>
            <TableCell>
              <span className={list.stacked}>
                <span>{marketplaceNames[ret.channel.kind]}</span>
                <span className={list.secondary}>{ret.channel.name}</span>
              </span>
            </TableCell>
            <TableCell className={list.nowrap}>{formatDate(ret.createdAt)}</TableCell>
            <TableCell>
              <ul className={styles.skus}>
                {ret.lines.map((line, index) => (
                  <li key={`${line.sku}-${index}`} className={list.nowrap}>
                    {`${line.quantity} × `}
                    <span className={page.mono}>{line.sku}</span>
                  </li>
                ))}
              </ul>
            </TableCell>
            <TableCell className={styles.reason}>
              {ret.reason ?? <span className={page.muted}>No reason given</span>}
            </TableCell>
            <TableCell>
              <Badge tone={returnStatusTones[ret.status]}>{returnStatusLabels[ret.status]}</Badge>
            </TableCell>
            <TableCell className={list.number}>
              {ret.refunded ? formatMoney(ret.refunded) : <span className={page.muted}>Not yet</span>}
            </TableCell>
            <TableCell>
              {canRestock(ret) ? (
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Restock the return of order ${ret.orderNumber}`}
                  loading={restocking === ret.id}
                  onClick={() => onRestock(ret)}
                >
                  Restock
                </Button>
              ) : ret.restockedAt ? (
                <span className={list.secondary}>{restockText(ret)}</span>
              ) : (
                <span className={list.secondary}>Not back yet</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
