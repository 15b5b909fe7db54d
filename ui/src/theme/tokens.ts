// Raw design tokens. Themes are data: each theme is one `ThemeTokens` object,
// and vars.css.ts turns the shape of these objects into the single theme contract.
// Colours were chosen for WCAG AA contrast; contrast.test.ts checks the pairs we use.

/** A pair of colours meant to sit on each other: a filled background and the text on it. */
type ToneColors = {
  /** Filled background (badges, banners, solid buttons). */
  solid: string;
  solidHover: string;
  /** Text and icons on `solid`. */
  onSolid: string;
  /** Tinted background for alerts and soft badges. */
  soft: string;
  /** Text on `soft` and on the ordinary surfaces. */
  text: string;
  /** Border for tinted containers. */
  border: string;
};

export type ColorTokens = {
  brand: ToneColors & { solidActive: string; softHover: string };
  neutral: ToneColors & { softHover: string };
  positive: ToneColors;
  caution: ToneColors;
  critical: ToneColors & { solidActive: string; softHover: string };
  info: ToneColors;
  surface: {
    /** The page behind everything. */
    canvas: string;
    /** Cards, menus, dialogs, inputs. */
    raised: string;
    /** Table headers, code, hovered rows. */
    sunken: string;
    /** The dimmed layer behind dialogs. */
    overlay: string;
    /** The sidebar. */
    navigation: string;
    navigationHover: string;
    navigationActive: string;
  };
  text: {
    primary: string;
    secondary: string;
    /** Placeholder and de-emphasised text; still AA on raised and canvas surfaces. */
    muted: string;
    inverse: string;
    link: string;
    linkHover: string;
    navigation: string;
    navigationActive: string;
  };
  border: {
    subtle: string;
    standard: string;
    /** Form controls: 3:1 against raised surfaces (WCAG 1.4.11). */
    field: string;
    fieldHover: string;
  };
  focusRing: string;
};

const spaceTokens = {
  none: '0',
  xxsmall: '2px',
  xsmall: '4px',
  small: '8px',
  medium: '12px',
  large: '16px',
  xlarge: '24px',
  xxlarge: '32px',
  xxxlarge: '48px',
} as const;

const fontTokens = {
  family: {
    body: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  size: {
    xsmall: '0.75rem',
    small: '0.875rem',
    standard: '1rem',
    large: '1.125rem',
    xlarge: '1.25rem',
    xxlarge: '1.5rem',
    xxxlarge: '1.875rem',
    display: '2.25rem',
  },
  weight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  lineHeight: {
    tight: '1.2',
    snug: '1.35',
    standard: '1.5',
    relaxed: '1.65',
  },
} as const;

const radiusTokens = {
  none: '0',
  small: '4px',
  medium: '6px',
  large: '10px',
  xlarge: '16px',
  full: '9999px',
} as const;

const motionTokens = {
  duration: {
    instant: '0ms',
    fast: '120ms',
    standard: '200ms',
    slow: '320ms',
  },
  easing: {
    standard: 'cubic-bezier(0.2, 0, 0, 1)',
    decelerate: 'cubic-bezier(0, 0, 0, 1)',
    accelerate: 'cubic-bezier(0.3, 0, 1, 1)',
  },
} as const;

const layoutTokens = {
  /** The trial timer and impersonation banner are 44 px high (spec section 9). */
  topBarHeight: '44px',
  sidebarWidth: '248px',
  contentMaxWidth: '1200px',
  dialogWidth: '480px',
  /** One row of a windowed grid (the catalogue): fixed, so the rows in view can be computed. */
  gridRowHeight: '72px',
} as const;

/** Widens literal types (`'4px'`) to `string`, so a theme can choose any value of the same shape. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type ThemeTokens = {
  color: ColorTokens;
  space: Widen<typeof spaceTokens>;
  font: Widen<typeof fontTokens>;
  radius: Widen<typeof radiusTokens>;
  shadow: { small: string; medium: string; large: string };
  motion: Widen<typeof motionTokens>;
  layout: Widen<typeof layoutTokens>;
};

/** Everything that does not change between light and dark. */
const sharedTokens = {
  space: spaceTokens,
  font: fontTokens,
  radius: radiusTokens,
  motion: motionTokens,
  layout: layoutTokens,
} satisfies Omit<ThemeTokens, 'color' | 'shadow'>;

// Palette: deep indigo brand on neutral slate greys (Tailwind-like scales).
export const lightTokens: ThemeTokens = {
  ...sharedTokens,
  color: {
    brand: {
      solid: '#4f46e5',
      solidHover: '#4338ca',
      solidActive: '#3730a3',
      onSolid: '#ffffff',
      soft: '#eef2ff',
      softHover: '#e0e7ff',
      text: '#4338ca',
      border: '#c7d2fe',
    },
    neutral: {
      solid: '#334155',
      solidHover: '#1e293b',
      onSolid: '#ffffff',
      soft: '#f1f5f9',
      softHover: '#e2e8f0',
      text: '#334155',
      border: '#cbd5e1',
    },
    positive: {
      solid: '#15803d',
      solidHover: '#166534',
      onSolid: '#ffffff',
      soft: '#f0fdf4',
      text: '#166534',
      border: '#86efac',
    },
    caution: {
      // The impersonation banner: an orange bar with white text (5.2:1).
      solid: '#c2410c',
      solidHover: '#9a3412',
      onSolid: '#ffffff',
      soft: '#fff7ed',
      text: '#9a3412',
      border: '#fdba74',
    },
    critical: {
      solid: '#dc2626',
      solidHover: '#b91c1c',
      solidActive: '#991b1b',
      onSolid: '#ffffff',
      soft: '#fef2f2',
      softHover: '#fee2e2',
      text: '#b91c1c',
      border: '#fca5a5',
    },
    info: {
      solid: '#1d4ed8',
      solidHover: '#1e40af',
      onSolid: '#ffffff',
      soft: '#eff6ff',
      text: '#1e40af',
      border: '#93c5fd',
    },
    surface: {
      canvas: '#f8fafc',
      raised: '#ffffff',
      sunken: '#f1f5f9',
      overlay: 'rgba(15, 23, 42, 0.55)',
      navigation: '#0f172a',
      navigationHover: '#1e293b',
      navigationActive: '#312e81',
    },
    text: {
      primary: '#0f172a',
      secondary: '#475569',
      muted: '#5b6779',
      inverse: '#ffffff',
      link: '#4338ca',
      linkHover: '#3730a3',
      navigation: '#cbd5e1',
      navigationActive: '#ffffff',
    },
    border: {
      subtle: '#e2e8f0',
      standard: '#cbd5e1',
      field: '#7b879a',
      fieldHover: '#475569',
    },
    focusRing: '#4f46e5',
  },
  shadow: {
    small: '0 1px 2px 0 rgba(15, 23, 42, 0.06), 0 1px 3px 0 rgba(15, 23, 42, 0.08)',
    medium: '0 4px 6px -1px rgba(15, 23, 42, 0.08), 0 2px 4px -2px rgba(15, 23, 42, 0.06)',
    large: '0 20px 25px -5px rgba(15, 23, 42, 0.12), 0 8px 10px -6px rgba(15, 23, 42, 0.08)',
  },
};

export const darkTokens: ThemeTokens = {
  ...sharedTokens,
  color: {
    brand: {
      solid: '#4f46e5',
      solidHover: '#4338ca',
      solidActive: '#3730a3',
      onSolid: '#ffffff',
      soft: '#1e1b4b',
      softHover: '#312e81',
      text: '#a5b4fc',
      border: '#4338ca',
    },
    neutral: {
      solid: '#cbd5e1',
      solidHover: '#e2e8f0',
      onSolid: '#0f172a',
      soft: '#1e293b',
      softHover: '#334155',
      text: '#cbd5e1',
      border: '#475569',
    },
    positive: {
      solid: '#15803d',
      solidHover: '#166534',
      onSolid: '#ffffff',
      soft: '#052e16',
      text: '#86efac',
      border: '#166534',
    },
    caution: {
      solid: '#c2410c',
      solidHover: '#9a3412',
      onSolid: '#ffffff',
      soft: '#431407',
      text: '#fdba74',
      border: '#9a3412',
    },
    critical: {
      solid: '#dc2626',
      solidHover: '#b91c1c',
      solidActive: '#991b1b',
      onSolid: '#ffffff',
      soft: '#450a0a',
      softHover: '#7f1d1d',
      text: '#fca5a5',
      border: '#991b1b',
    },
    info: {
      solid: '#1d4ed8',
      solidHover: '#1e40af',
      onSolid: '#ffffff',
      soft: '#172554',
      text: '#93c5fd',
      border: '#1e40af',
    },
    surface: {
      canvas: '#020617',
      raised: '#0f172a',
      sunken: '#1e293b',
      overlay: 'rgba(2, 6, 23, 0.75)',
      navigation: '#020617',
      navigationHover: '#1e293b',
      navigationActive: '#312e81',
    },
    text: {
      primary: '#f8fafc',
      secondary: '#cbd5e1',
      muted: '#94a3b8',
      inverse: '#0f172a',
      link: '#a5b4fc',
      linkHover: '#c7d2fe',
      navigation: '#cbd5e1',
      navigationActive: '#ffffff',
    },
    border: {
      subtle: '#1e293b',
      standard: '#334155',
      field: '#64748b',
      fieldHover: '#94a3b8',
    },
    focusRing: '#818cf8',
  },
  shadow: {
    small: '0 1px 2px 0 rgba(0, 0, 0, 0.4)',
    medium: '0 4px 6px -1px rgba(0, 0, 0, 0.5), 0 2px 4px -2px rgba(0, 0, 0, 0.4)',
    large: '0 20px 25px -5px rgba(0, 0, 0, 0.6), 0 8px 10px -6px rgba(0, 0, 0, 0.5)',
  },
};

/** Breakpoints for the sprinkles conditions and media queries (mobile first). */
export const breakpoints = {
  mobile: 0,
  tablet: 768,
  desktop: 1024,
} as const;

export const mediaQuery = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  /** Below the tablet breakpoint: where the sidebar collapses into a menu button. */
  belowTablet: `screen and (max-width: ${breakpoints.tablet - 1}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
