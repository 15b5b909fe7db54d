import type { Channel, PricingRule, PricingRuleBody } from '../../../api';
import { actionChoiceOf, actionOf, scopeLabels, type ActionChoice } from './ruleTexts';

// The rule editor's form values, and the rule body they make.

export interface Draft {
  name: string;
  priority: string;
  enabled: boolean;
  channelIds: string[];
  scopeKind: PricingRuleBody['scope']['kind'];
  scopeValue: string;
  action: ActionChoice;
  value: string;
  rounding: PricingRuleBody['rounding'];
  minPrice: string;
  minMarginPercent: string;
  maxPrice: string;
  /** As a datetime-local field holds them (the browser's time zone); empty: no date. */
  startsAt: string;
  endsAt: string;
}

/** An instant as a datetime-local field shows it, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const instant = (local: string) => (local ? new Date(local).toISOString() : null);

export function draftOf(rule: PricingRule | null, targets: Channel[]): Draft {
  if (!rule)
    return {
      name: '',
      priority: '10',
      enabled: true,
      channelIds: targets.map((c) => c.id),
      scopeKind: 'all',
      scopeValue: '',
      action: 'main_percent',
      value: '',
      rounding: 'ends_99',
      minPrice: '',
      minMarginPercent: '',
      maxPrice: '',
      startsAt: '',
      endsAt: '',
    };
  const s = rule.scope;
  return {
    name: rule.name,
    priority: String(rule.priority),
    enabled: rule.enabled,
    channelIds: rule.channelIds,
    scopeKind: s.kind,
    scopeValue:
      s.kind === 'brand'
        ? (s.brand ?? '')
        : s.kind === 'tag'
          ? (s.tag ?? '')
          : s.kind === 'sku_prefix'
            ? (s.prefix ?? '')
            : (s.skus ?? []).join('\n'),
    action: actionChoiceOf(rule.action),
    value: rule.action.value,
    rounding: rule.rounding,
    minPrice: rule.minPrice ?? '',
    minMarginPercent: rule.minMarginPercent ?? '',
    maxPrice: rule.maxPrice ?? '',
    startsAt: localInput(rule.startsAt),
    endsAt: localInput(rule.endsAt),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function bodyOf(d: Draft): PricingRuleBody {
  const value = d.scopeValue.trim();
  return {
    name: d.name.trim(),
    priority: Number(d.priority) || 0,
    enabled: d.enabled,
    channelIds: d.channelIds,
    scope:
      d.scopeKind === 'brand'
        ? { kind: 'brand', brand: value }
        : d.scopeKind === 'tag'
          ? { kind: 'tag', tag: value }
          : d.scopeKind === 'sku_prefix'
            ? { kind: 'sku_prefix', prefix: value }
            : d.scopeKind === 'skus'
              ? { kind: 'skus', skus: value.split(/[\s,]+/).filter(Boolean) }
              : { kind: 'all' },
    action: actionOf(d.action, d.value.trim()),
    rounding: d.rounding,
    minPrice: orNull(d.minPrice),
    minMarginPercent: orNull(d.minMarginPercent),
    maxPrice: orNull(d.maxPrice),
    startsAt: instant(d.startsAt),
    endsAt: instant(d.endsAt),
  };
}

/** What is missing before a rule can be previewed or saved, in the seller's words. */
export function problemOf(d: Draft): string | null {
  if (!d.name.trim()) return 'Give the rule a name.';
  if (d.channelIds.length === 0) return 'Choose at least one channel.';
  if (d.scopeKind !== 'all' && !d.scopeValue.trim()) return `Fill in ${scopeLabels[d.scopeKind].toLowerCase()}.`;
  if (!/^-?\d+(\.\d{1,2})?$/.test(d.value.trim())) return 'Enter the change as a number, like 10 or -2.50.';
  return null;
}
