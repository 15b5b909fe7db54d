import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  ErrorState,
  Spinner,
  TextField,
  useToast,
} from '../../../index';
import { errorText, useFeeTable, useSaveFeeTable, type FeeTableEntry } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { feeTableTexts, feeTableDraft, changedKinds, type FeeTableDraft } from './feeTableForm';
import * as styles from './FeeTableDialog.css';

/** "Your fee table" beside the profit figures: opens the table to change what each marketplace takes per order. */
export function FeeTableButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="link" onClick={() => setOpen(true)}>
        {feeTableTexts.open}
      </Button>
      {/* Mounted only while open: opened again, it starts from the table as saved. */}
      {open ? <FeeTableDialogContent onClose={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function FeeTableDialogContent({ onClose }: { onClose: () => void }) {
  const table = useFeeTable();
  return (
    <DialogContent title={feeTableTexts.title} description={feeTableTexts.description}>
      {table.isPending ? (
        <Spinner label="Loading the fee table" />
      ) : table.isError ? (
        <ErrorState title="The fee table could not be loaded" description={errorText(table.error)} />
      ) : (
        <FeeTableForm saved={table.data.kinds} onClose={onClose} />
      )}
    </DialogContent>
  );
}

function FeeTableForm({ saved, onClose }: { saved: FeeTableEntry[]; onClose: () => void }) {
  const [draft, setDraft] = useState<FeeTableDraft>(() => feeTableDraft(saved));
  const [showErrors, setShowErrors] = useState(false);
  const save = useSaveFeeTable();
  const { toast } = useToast();
  const { kinds, errors } = changedKinds(saved, draft);
  const mistyped = Object.keys(errors).length > 0;
  const set = (kind: FeeTableEntry['kind'], field: 'percent' | 'fixed', value: string) =>
    setDraft((current) => ({ ...current, [kind]: { ...current[kind], [field]: value } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mistyped) return setShowErrors(true);
    save.mutate(
      { kinds },
      {
        onSuccess: () => {
          toast({ title: feeTableTexts.saved, description: feeTableTexts.savedDetail, variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.body}>
        {saved.map((entry) => {
          const name = marketplaceNames[entry.kind];
          const fieldErrors = showErrors ? errors[entry.kind] : undefined;
          return (
            <fieldset key={entry.kind} className={styles.kind}>
              <legend className={styles.kindName}>{name}</legend>
              <TextField
                label={`${name}: percent of the order`}
                inputMode="decimal"
                value={draft[entry.kind].percent}
                onChange={(e) => set(entry.kind, 'percent', e.target.value)}
                error={fieldErrors?.percent}
              />
              <TextField
                label={`${name}: fixed per order`}
                inputMode="decimal"
                value={draft[entry.kind].fixed}
                onChange={(e) => set(entry.kind, 'fixed', e.target.value)}
                error={fieldErrors?.fixed}
              />
              <p className={styles.kindNote}>
                {entry.reportedByMarketplace ? feeTableTexts.reported(name) : feeTableTexts.estimated(name)}
              </p>
            </fieldset>
          );
        })}
        {save.isError ? (
          <Alert tone="critical" title={feeTableTexts.notSaved}>
            {errorText(save.error)}
          </Alert>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} disabled={kinds.length === 0 && !mistyped}>
          {feeTableTexts.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
