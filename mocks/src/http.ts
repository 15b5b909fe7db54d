import type { paths } from '@contract';
import { createOpenApiHttp } from 'openapi-msw';

/**
 * MSW's `http`, typed by the contract: paths, path parameters, request bodies and
 * responses all come from openapi.yaml, so a mock that drifts from it is a type error.
 */
export const http = createOpenApiHttp<paths>();
