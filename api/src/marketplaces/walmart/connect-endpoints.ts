/**
 * Where Walmart Connect Sponsored Search lives, and the sandbox partner. Production is one host with the
 * API below a fixed base path (the spec's info: "https://developer.api.walmart.com/api-proxy/service/WPA/Api/v1/");
 * the Walmart sandbox serves the same base path below its own address, so the paths are the same on both.
 */
import crypto from 'node:crypto';

export const WALMART_CONNECT_BASE_PATH = '/api-proxy/service/WPA/Api/v1';
export const walmartConnectHosts = {
  production: 'https://developer.api.walmart.com',
  staging: 'https://developer.api.stg.walmart.com',
} as const;

export interface WalmartConnectEndpoints {
  /** The API's base, base path included, no trailing slash. */
  api: string;
}

export function connectProductionEndpoints(
  host: keyof typeof walmartConnectHosts = 'production',
): WalmartConnectEndpoints {
  return { api: `${walmartConnectHosts[host]}${WALMART_CONNECT_BASE_PATH}` };
}

/** The Walmart sandbox's address (e.g. http://localhost:3000/sandbox/walmart) serves Walmart Connect too. */
export function connectSandboxEndpoints(walmartSandboxBaseUrl: string): WalmartConnectEndpoints {
  return { api: `${walmartSandboxBaseUrl.replace(/\/+$/, '')}${WALMART_CONNECT_BASE_PATH}` };
}

/** The spec's paths, below the base. */
export const connectPaths = {
  campaigns: '/api/v1/campaigns',
  adGroups: '/api/v1/adGroups',
  adItems: '/api/v1/adItems',
  snapshotReport: '/api/v2/snapshot/report',
  snapshot: '/api/v2/snapshot',
  apiUsage: '/api/v1/api_usage_analyze',
} as const;

/**
 * The sandbox's partner: the consumer id, key version and RSA private key the Walmart sandbox accepts
 * from every caller (its public half is in api/src/sandbox/walmart/connect.ts). A sandbox key made
 * for this repository and published here on purpose: it is not a secret and signs nothing outside the sandbox.
 */
export const SANDBOX_CONNECT_CONSUMER_ID = 'sandbox-walmart-connect-partner';
export const SANDBOX_CONNECT_KEY_VERSION = '1';
export const SANDBOX_CONNECT_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDB4UGectr9uIRM
2vBdTNNauguQxbVMKZSV3ZZ2ullll8z7v9ux+d1+1a8L3AyUYygF5JiB5ziEOVPC
/qqyKkiWM6VYXzbTIoNgz3rQ8j+0pWxEFxGgwOkGanZAMh1CFVBBdaJbiUFUwh5R
0Zi/76Uz25MZbq/JgrAGirasB9LFPggOQEA2ExS49A02uYLp8rBR/hI3X4X8zH2s
QWnizYJmLkTnx/TOY32O1fCfKuypqO7uiKVMNbKRBPlv3DIBEsoum/XtYABsfHHR
oHHwQIESM9j+lwla3jMlqRGMmbRJqrdIkaueEsTB49/7hoKv0lkuFIPPhdmYw4RV
nWrvX7ezAgMBAAECggEAAdR+b1lIFR8hzzs9mevajqa8I8SjwvTkaMSfTHdEnYhh
Ah6qN9QhPGFrpGdLKuHY8kFLMMnTOQWfgZ2+jREyxomDQzPIp901JXu8U1I/1rEv
C0TTXWHr4vMd+hMJsOKbZUVzX+8KPI0wTb5oPG1Yfz80EPocqI7IE1pmLK9q4tfV
rOjYVXncPIfNfdLIdCtvvLKd+h57pgvErrl0e0SjrjoplYw7qBNmzNYNz+Ya53tS
KhYFiFL3yarUciSynY2REy9LREnFMg5hzxwKp4omwsAPrBjtM+3P29CzNLSd2jTe
7LjsBQedrrhy4Akj1VFAL+tlnDu1hV4PvubhegHWdQKBgQDpwxv4T7+Rk7m0HJl5
5wv55REW25b7Tu2Au0hRyknbIwIJW6ThlbTdX4MwAX5JaIuKbfvpw80plJ1oB5tu
cqyyGNaUJYGU+Cb2jv3JsR7g2LGL5/+wzGZ+RQLIFMiCH1PQrPjGwR0azWw9ciib
6bNelscIF0mI7UuwJyqAMWA+RQKBgQDUUuGNrmD3PzyvGoRvblAGZm8JQxXFblwH
+tM2X7wplQnHYYrK/sSQaCubaekvNUAd6eJwNesBm4UEn8MDaYncRkQx7STqY2F4
KPiCfEZPOTzg8aaCqoKN1TjR9MaBHoWb/ONIhjTBDyarJDmbix2NM04Ls6St14el
P/Ya//FZlwKBgBS0qIyVG8XcTO2sPtfyZDgtVxcsOjJmalklvaEpBuO3NR35FSC6
LvwQ0sD00OfVr86CMXciVdDiDhNB4T2mQK/BzXfv3ouAc4sRXV95JeAKsadP1HEn
mciDelyYoq4L8lOgjqSkRFy0Z2sF6pzs1WuCdXy8+1F6m2KuBXC3buv1AoGAEifU
Ka1TlVDO+5ok4PJp3WI89GnMHsnFDNmh3fBpwpR/9ZCdsaX/YOnHcM6ppePDy8sI
FdhGdCi8Qxz2LACGTVOk2TASDAjbeM7oESBXUsbuMb34Iww5ha9J4IoxvzDA9Am3
1afEMw38nH3If0hyCnTso4uE9WiMrNC/Vqe0F5kCgYA39oPDF0YW+epa6O/W2B8Y
e+O9QDjnkQwLkGt5883DJcs3CkFwXaoOn2Rr9k4CThgP+dMgCZcsPg5ValQA5iv4
fQ9SbWXYzTcfsc508oqxp9YZi445/0NgrFIw8xse4H0h5KFP1DkR8MyYEDO/nyqV
N559vKF/SBtTUod2UaiCkA==
-----END PRIVATE KEY-----
`;

/**
 * The sandbox's stand-in for the partner's auth token, per sandbox seller. Walmart issues one token to
 * a partner for all its advertisers; the sandbox has one partner and many sellers, so the token names
 * the seller's Marketplace client id and proves it with an HMAC keyed by the client secret (the secret
 * itself never travels).
 */
export function sandboxConnectAuthToken(clientId: string, clientSecret: string): string {
  const proof = crypto.createHmac('sha256', clientSecret).update(`walmart-connect:${clientId}`).digest('base64url');
  return `wcs.${Buffer.from(clientId, 'utf8').toString('base64url')}.${proof}`;
}

/**
 * A sandbox seller's advertiser id, derived from its Marketplace client id by the same rule as
 * sandboxAdvertiserIdOf in api/src/sandbox/walmart/connect-state.ts. Walmart Connect has no call that
 * lists a partner's advertisers, so the sandbox makes its seller's one advertiser findable this way.
 */
export function sandboxAdvertiserId(clientId: string): number {
  const hash = crypto.createHash('sha256').update(`advertiser:${clientId}`).digest();
  return 100_000_000 + (hash.readUInt32BE(0) % 900_000_000);
}
