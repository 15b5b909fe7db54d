import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// A page that is one centred card: the status pages (loading, not found, a page that failed to load)
// and the pages a mailed link opens (verify email, reset password).

export const centered = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.large,
  background: vars.color.surface.canvas,
});

export const inShell = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xxlarge });

export const card = style({ width: '100%', maxWidth: 460, textAlign: 'center' });
