/** What other features may use of catalog's rules and types, on the server and in the browser (decision 0030). */
export {
  lengthUnits,
  licenceTypes,
  type LengthUnit,
  type LicenceType,
  type ModelDetails,
} from './model-attributes';
export { parseModelId } from './model-id';
export {
  assertModelTransition,
  canTransitionModel,
  editableStatuses,
  modelStatuses,
  type ModelStatus,
} from './model-lifecycle';
export { smallestSource } from './schemas';
