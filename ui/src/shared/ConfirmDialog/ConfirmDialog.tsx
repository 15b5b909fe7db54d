import { Alert, Button, Dialog, DialogContent, DialogFooter } from '../../index';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, naming what is acted on: "Remove Mo?" */
  title: string;
  /** What happens once confirmed. */
  description: string;
  /** The danger button's words: the action itself ("Remove member"). */
  confirmLabel: string;
  /** The way out's words; "Cancel" unless the action reads better against another ("Keep user"). */
  cancelLabel?: string;
  /** The action is under way: its button spins. */
  busy?: boolean;
  /** The action failed: what was not done, and why (the server's message). Shown above the buttons. */
  failure?: { title: string; message: string };
  onConfirm: () => void;
  /** Cancel, Escape or the close button. */
  onCancel: () => void;
}

/** Asks before an action that cannot be undone: the question, what happens, a failure, the way out and the action. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  failure,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent title={title} description={description}>
        {failure ? (
          <Alert tone="critical" title={failure.title}>
            {failure.message}
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
