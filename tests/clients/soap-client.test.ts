/**
 * The `soap` package's client against SOAP Simulations on the memory adapters
 * (tests/support/soap-client-suite.ts): create, read, update, list, delete and Faults over
 * SOAP 1.1 and 1.2, from the Simulation's own `?wsdl`.
 */
import { describeSoapClient } from '../support/soap-client-suite.js';

describeSoapClient('memory');
