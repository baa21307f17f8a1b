// The database schema, one file per domain. Every table is exported from here: the app, the tests and drizzle-kit
// (drizzle.config.ts) all import this folder, so a table added to a domain file must be re-exported below.
export * from './users';
export * from './auth';
export * from './account-security';
export * from './ops';
export * from './audit';
export * from './billing';
export * from './content';
export * from './progress';
export * from './marks';
export * from './questions';
export * from './review';
export * from './readiness';
export * from './exam';
export * from './readiness';
export * from './plan';
export * from './classes';
