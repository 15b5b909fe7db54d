import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '../../../index';
import type { Channel, PricingRule } from '../../../api';
import { describeRule, describeScope } from './ruleTexts';
import * as styles from './PricingRules.css';

type OnRule = (rule: PricingRule) => void;

/** The rules, each with what it covers and does, and its actions. */
export function RulesTable({
  items,
  channels,
  running,
  onPreview,
  onRun,
  onEdit,
  onDelete,
}: {
  items: PricingRule[];
  channels: Channel[];
  /** The rule whose run is under way, if any. */
  running: string | null;
  onPreview: OnRule;
  onRun: OnRule;
  onEdit: OnRule;
  onDelete: OnRule;
}) {
  return (
    <div className={styles.scroll}>
      <Table caption="Pricing rules" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Rule</TableHeaderCell>
            <TableHeaderCell>Covers</TableHeaderCell>
            <TableHeaderCell>Price</TableHeaderCell>
            <TableHeaderCell>Priority</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((rule) => (
            <TableRow key={rule.id}>
              <TableHeaderCell scope="row">{rule.name}</TableHeaderCell>
              <TableCell>{describeScope(rule, channels)}</TableCell>
              <TableCell>{describeRule(rule)}</TableCell>
              <TableCell>{rule.priority}</TableCell>
              <TableCell>
                <Badge tone={rule.enabled ? 'positive' : 'neutral'}>{rule.enabled ? 'On' : 'Off'}</Badge>
              </TableCell>
              <TableCell>
                <div className={styles.actions}>
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={`Preview ${rule.name}`}
                    onClick={() => onPreview(rule)}
                  >
                    Preview
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Run ${rule.name}`}
                    loading={running === rule.id}
                    onClick={() => onRun(rule)}
                  >
                    Run
                  </Button>
                  <Button size="small" variant="ghost" aria-label={`Edit ${rule.name}`} onClick={() => onEdit(rule)}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Delete ${rule.name}`}
                    onClick={() => onDelete(rule)}
                  >
                    Delete
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
