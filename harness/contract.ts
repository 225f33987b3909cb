/**
 * zod schemas of the page/SW control endpoints, as the harness reads them. Strict: a field renamed on
 * either side fails loudly as an InfrastructureError instead of turning into `undefined`.
 */
import { AssertionResult, VerifyResult } from '../verifier/schema';
import { InitRequest, RunInfo } from '../sw/run';

/** Body of `POST /__salesgym/run` (the SW's own schema). */
export const RunRequest = InitRequest;
export type RunRequest = InitRequest;

/** Answer of `POST /__salesgym/run` (the SW's own schema). */
export const RunResponse = RunInfo;
export type RunResponse = RunInfo;

/** One assertion's verdict in a `/verify` answer (the verifier's own schema). */
export const AssertionVerdict = AssertionResult;
export type AssertionVerdict = AssertionResult;

/** Answer of `POST /verify` (the verifier's own schema). */
export const VerifyResponse = VerifyResult;
export type VerifyResponse = VerifyResult;
