/** The types of scripts/client-types.mjs, for the test that keeps the generated file in step. */
export declare const documentUrl: URL;
export declare const typesUrl: URL;
export declare function generateClientTypes(): Promise<string>;
