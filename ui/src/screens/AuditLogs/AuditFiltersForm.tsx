import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Field, Select, TextField } from '../../index';
import type { AuditAction, AuditFilters, AuditScope } from '../../api';
import { actionGroups, actionLabel, auditActions, dayAfter, dayStart } from './auditTexts';
import * as styles from './AuditLogs.css';

interface Draft {
  q: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  accountId: string;
}

const empty: Draft = { q: '', actor: '', action: '', targetType: '', targetId: '', from: '', to: '', accountId: '' };
const groups = actionGroups();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters as typed, applied together by "Apply filters" (one request, not one per key). */
export function AuditFiltersForm({
  scope,
  applied,
  onApply,
}: {
  scope: AuditScope;
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const nothingApplied = Object.keys(applied).length === 0;
  // Cleared from outside (the empty state's "Clear filters"): the fields empty too.
  useEffect(() => {
    if (nothingApplied) setDraft(empty);
  }, [nothingApplied]);

  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setProblem('The start date must be on or before the end date.');
      return;
    }
    if (draft.accountId.trim() && !UUID.test(draft.accountId.trim())) {
      setProblem('An account id looks like 1b4e28ba-2fa1-11d2-883f-0016d3cca427.');
      return;
    }
    setProblem(null);
    const text = (value: string) => value.trim() || undefined;
    onApply(
      Object.fromEntries(
        Object.entries({
          q: text(draft.q),
          actor: text(draft.actor),
          action: auditActions.find((a) => a === draft.action) as AuditAction | undefined,
          targetType: text(draft.targetType),
          targetId: text(draft.targetId),
          from: draft.from ? dayStart(draft.from) : undefined,
          to: draft.to ? dayAfter(draft.to) : undefined,
          accountId: scope === 'staff' ? text(draft.accountId) : undefined,
        }).filter(([, value]) => value !== undefined),
      ) as AuditFilters,
    );
  };

  return (
    <form role="search" aria-label="Audit log filters" onSubmit={submit} className={styles.section}>
      <div className={styles.filters}>
        <TextField
          label="Search"
          hint="Action, target, IP address, name or email"
          value={draft.q}
          onChange={set('q')}
          maxLength={200}
        />
        <TextField label="Who (email)" type="email" value={draft.actor} onChange={set('actor')} maxLength={254} />
        <Field label="Action">
          {(control) => (
            <Select {...control} value={draft.action} onChange={set('action')}>
              <option value="">Every action</option>
              {groups.map((group) => (
                <optgroup key={group.area} label={group.area}>
                  {group.actions.map((action) => (
                    <option key={action} value={action}>
                      {actionLabel(action)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label="Target type"
          hint="user, channel, order, pricing_rule…"
          value={draft.targetType}
          onChange={set('targetType')}
          maxLength={64}
        />
        <TextField label="Target id" value={draft.targetId} onChange={set('targetId')} maxLength={200} />
        <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
        <TextField label="To" type="date" value={draft.to} onChange={set('to')} />
        {scope === 'staff' ? (
          <TextField label="Account id" value={draft.accountId} onChange={set('accountId')} maxLength={36} />
        ) : null}
      </div>
      {problem ? <Alert tone="critical">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit">Apply filters</Button>
        <Button
          variant="ghost"
          disabled={nothingApplied && draft === empty}
          onClick={() => {
            setDraft(empty);
            setProblem(null);
            onApply({});
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
