import { Alert, Button, ProgressBar, Stack, Text } from '../../../index';
import { errorText, useBulkChange, useUndoBulkChange, type BulkChange, type UndoResult } from '../../../api';
import * as styles from './BulkEdit.css';

const count = (n: number) => n.toLocaleString('en-US');
const fieldNames: Record<UndoResult['skipped'][number]['field'], string> = {
  price: 'price',
  on_hand: 'on hand',
  title: 'title',
  status: 'status',
  quantity_cap: 'most units offered',
  cost: 'cost',
  tags: 'tags',
  attributes: 'attributes',
};

/**
 * A bulk change once applied: its values on their way to the channels (read again until they
 * are all settled), and Undo, which puts back every value that has not moved since.
 */
export function BulkChangeProgress({ applied }: { applied: BulkChange }) {
  const { data } = useBulkChange(applied.batchId);
  const change = data ?? applied;
  const undo = useUndoBulkChange();
  const { total, confirmed, failed, open } = change.pushes;
  const undone = undo.data;

  return (
    <Stack space="medium">
      <Alert tone="positive" title="Changes saved">
        {count(change.values)} {change.values === 1 ? 'value' : 'values'} changed on {count(change.skus)}{' '}
        {change.skus === 1 ? 'SKU' : 'SKUs'}.
      </Alert>
      {total === 0 ? (
        <Text size="small" tone="secondary">
          No channel needed a new value.
        </Text>
      ) : (
        <Stack space="xsmall">
          <ProgressBar
            label="Sending to channels"
            value={confirmed + failed}
            max={total}
            valueText={`${count(confirmed + failed)} of ${count(total)} values sent`}
          />
          <Text size="small" tone="secondary">
            {open > 0
              ? `${count(confirmed)} of ${count(total)} values confirmed, ${count(open)} on their way.`
              : `All ${count(total)} values sent: ${count(confirmed)} confirmed.`}
          </Text>
          {failed > 0 ? (
            <Alert tone="critical">{`${count(failed)} ${failed === 1 ? 'value was' : 'values were'} refused by the marketplace. See Sync activity for the reasons.`}</Alert>
          ) : null}
        </Stack>
      )}
      {undone ? (
        <Alert tone="info" title="Undone">
          <Stack space="xsmall">
            <span>
              {count(undone.restored)} {undone.restored === 1 ? 'value' : 'values'} put back.
            </span>
            {undone.skipped.length > 0 ? (
              <>
                <span>Left as they are, because they changed since:</span>
                <ul className={styles.list}>
                  {undone.skipped.map((s) => (
                    <li key={`${s.sku}-${s.field}`}>
                      {s.sku}: {fieldNames[s.field]} is now {s.now ?? 'empty'}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Stack>
        </Alert>
      ) : change.undoneAt ? (
        <Alert tone="info">This change was undone.</Alert>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" loading={undo.isPending} onClick={() => undo.mutate(change.batchId)}>
            Undo
          </Button>
        </div>
      )}
      {undo.isError ? <Alert tone="critical">{errorText(undo.error)}</Alert> : null}
    </Stack>
  );
}
