// Stack's allowed values, declared once: Stack.tsx types its props with them and the stories list them.

export const stackAlignments = ['stretch', 'flex-start', 'center', 'flex-end'] as const;
export type StackAlignment = (typeof stackAlignments)[number];
