/**
 * The shape every gym's vendor-conformance check answers (`gyms/<gym>/vendor-check.ts`, run by
 * `npm run check:vendor`): which served fields were compared with the vendor's published OpenAPI
 * document and which disagree. Node-only (reads files); page code must not import it.
 */

/** One disagreement between a served field and the vendor's spec, e.g. `prospects.attributes.foo: not in spec`. */
export interface VendorMismatch {
	/** Where in the served contract, dotted (resource, then field path). */
	path: string;
	/** What is wrong, in one line (missing from the spec, type differs: served string, spec integer, …). */
	message: string;
}

/** A gym's vendor-check result. */
export interface VendorCheckResult {
	/** Gym name (`outreach`, `calendly`, …). */
	gym: string;
	/** Path of the spec file read, or null when it was absent and the check skipped. */
	spec: string | null;
	/** Served endpoints (method + path) compared with the spec. */
	endpoints: number;
	/** Served fields compared with the spec (attributes, relationships, query parameters). */
	fields: number;
	/** Every disagreement; empty means the served contract conforms. */
	mismatches: VendorMismatch[];
	/** Why the check skipped (spec file absent), when it did. */
	skipped?: string;
}

/**
 * A gym's vendor check: reads the vendor's OpenAPI document from `specDir` (the folder holding
 * `outreach-openapi.json`, `calendly-openapi.yaml`, …) and compares the gym's served contract with it.
 * Answers `spec: null` with `skipped` set when the file is absent; never throws for a mismatch.
 */
export type VendorCheck = (specDir: string) => Promise<VendorCheckResult>;
