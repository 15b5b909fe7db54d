import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const section = style({ display: 'grid', gap: vars.space.small, marginBottom: vars.space.xlarge, minWidth: 0 });
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  margin: 0,
  fontSize: vars.font.size.small,
});
export const factName = style({ color: vars.color.text.secondary });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });

// Lines, shipments, events and stock changes: lists of small cards, which fit a phone as well as a drawer.
export const list = style({ display: 'grid', gap: vars.space.small, margin: 0, padding: 0, listStyle: 'none' });
export const item = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.subtle}`,
  fontSize: vars.font.size.small,
  minWidth: 0,
});
export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.small,
  margin: 0,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});
export const itemLine = style({ margin: 0, overflowWrap: 'anywhere' });
export const address = style({
  fontStyle: 'normal',
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.standard,
});

export const timeline = style({ display: 'grid', gap: vars.space.small, margin: 0, padding: 0, listStyle: 'none' });
export const event = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  paddingLeft: vars.space.medium,
  borderLeft: `2px solid ${vars.color.border.standard}`,
  fontSize: vars.font.size.small,
});

// The "Mark shipped" form.
export const form = style({
  display: 'grid',
  gap: vars.space.medium,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.sunken,
});
export const pair = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  alignItems: 'start',
});
export const quantities = style({
  display: 'grid',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});
export const legend = style({ padding: 0, fontSize: vars.font.size.small, fontWeight: vars.font.weight.medium });
export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  justifyContent: 'flex-end',
});

// "Cancel order" and "Refund": side by side, each with what its marketplace says when it has no API for it.
export const actionRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: vars.space.medium });
export const action = style({ display: 'grid', gap: vars.space.xsmall, flex: '1 1 14rem', minWidth: 0 });
export const why = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.text.secondary });

// The cancel and refund dialogs: one column; a line's units and amount side by side where they fit.
export const dialogBody = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.medium });
export const lineFields = style({
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  alignItems: 'start',
  paddingBottom: vars.space.small,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
});
export const lineName = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
});
export const scopes = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  margin: 0,
  padding: 0,
  border: 0,
});
export const total = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
  margin: 0,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});
