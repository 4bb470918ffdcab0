/** Names for the shapes of the control plane's answers and bodies, all taken from the generated types. */
import type { components, operations } from './generated/control-plane.js';

type Answer<Op extends keyof operations, Status extends keyof operations[Op]['responses']> = operations[Op]['responses'][Status] extends { content: { 'application/json': infer T } } ? T : never;
type Body<Op extends keyof operations> = NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer T } } ? T : never;
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type Simulator = components['schemas']['Simulator'];
export type SimulatorPage = Answer<'listSimulators', 200>;
export type SimulatorQuery = Query<'listSimulators'>;
export type SimulatorOperations = Answer<'listSimulatorOperations', 200>;
export type SimulatorBehaviour = Answer<'getSimulatorBehaviour', 200>;
export type BuildRequest = operations['createSimulator']['requestBody']['content']['multipart/form-data']['request'];
export type CloneSimulatorBody = Body<'cloneSimulator'>;

export type Simulation = Answer<'getSimulation', 200>;
/** A Simulation with a data-plane token: what create, fork and start answer. */
export type SimulationWithToken = Answer<'createSimulation', 201>;
export type SimulationPage = Answer<'listSimulations', 200>;
export type SimulationQuery = Query<'listSimulations'>;
export type CreateSimulationBody = Body<'createSimulation'>;
export type ForkSimulationBody = Body<'forkSimulation'>;
export type SimulationTokenBody = Body<'createSimulationToken'>;
export type SimulationToken = Answer<'createSimulationToken', 201>;

export type Step = StepPage['steps'][number];
export type StepPage = Answer<'listSimulationSteps', 200>;
export type StepQuery = Query<'listSimulationSteps'>;
export type StepDetail = Answer<'getSimulationStep', 200>;
export type RecordChangePage = Answer<'listSimulationStepChanges', 200>;
export type RecordChange = RecordChangePage['changes'][number];
export type StateRecordPage = Answer<'listSimulationRecords', 200>;
export type StateRecord = StateRecordPage['records'][number];
export type StateRecordQuery = Query<'listSimulationRecords'>;

export type ClockAdvance = components['schemas']['ClockAdvance'];
export type ClockAdvancePage = Answer<'listSimulationAdvances', 200>;
export type ClockEventPage = Answer<'listSimulationAdvanceEvents', 200>;
export type ClockEvent = ClockEventPage['events'][number];
export type AdvanceTimeBody = Body<'advanceSimulationTime'>;
/** `limit` and `cursor`: the query of every list without filters. */
export type PageQuery = Query<'listSimulationAdvances'>;

export type World = Answer<'getWorld', 200>;
export type WorldPage = Answer<'listWorlds', 200>;
export type WorldQuery = Query<'listWorlds'>;
export type CreateWorldBody = Body<'createWorld'>;

export type Credential = components['schemas']['Credential'];
export type CredentialPage = Answer<'listCredentials', 200>;
export type CreateCredentialBody = Body<'createCredential'>;
export type UpdateCredentialBody = Body<'updateCredential'>;

export type Quota = Answer<'getQuota', 200>;
