export * from './request';
export * from './query-client';
export * from './auth';
export * from './admin';
export * from './channels';
export * from './sync';
export * from './settings';
