import { loadConfig, type Config } from '../../src/config.ts';

/**
 * Every request limit raised out of the way (sign-in, registration and recovery per IP and email;
 * bulk edits, imports, exports, publishing and syncs per account and IP): tests and benchmarks make
 * far more requests than a person would. The test of the limits themselves uses the configured ones.
 */
export function limitsOutOfTheWay(): Pick<Config, 'rateLimits' | 'accountRateLimits'> {
  const { rateLimits, accountRateLimits } = loadConfig({});
  const wide = <K extends string, V>(rules: Record<K, unknown>, rule: V) =>
    Object.fromEntries(Object.keys(rules).map((name) => [name, rule])) as Record<K, V>;
  return {
    rateLimits: wide(rateLimits, { perIp: 1_000_000, perEmail: 1_000_000, windowSeconds: 60 }),
    accountRateLimits: wide(accountRateLimits, { perAccount: 1_000_000, perIp: 1_000_000, windowSeconds: 60 }),
  };
}
