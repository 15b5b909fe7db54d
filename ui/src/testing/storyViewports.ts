/**
 * A phone 390 px wide (an iPhone 12 to 15): `globals: onAPhone` in a story. Storybook takes a
 * viewport as "{width}-{height}"; the story tests (jsdom) have no layout, so there it changes nothing.
 */
export const onAPhone = { viewport: { value: '390-844', isRotated: false } };
