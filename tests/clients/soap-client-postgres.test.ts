/**
 * The `soap` package's client against SOAP Simulations on a Postgres server, with documents,
 * artifacts and snapshots on S3 (s3rver on loopback): the same suite as on memory
 * (tests/support/soap-client-suite.ts).
 */
import { describeSoapClient } from '../support/soap-client-suite.js';

describeSoapClient('postgres');
