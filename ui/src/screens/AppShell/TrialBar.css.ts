import { style } from '@vanilla-extract/css';
import { mediaQuery } from '../../theme';

/** The bar is 44 px high: a phone gets the message in a few words, a wider screen in full. */
export const wide = style({ '@media': { [mediaQuery.belowTablet]: { display: 'none' } } });
export const narrow = style({ '@media': { [mediaQuery.tablet]: { display: 'none' } } });
