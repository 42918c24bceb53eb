/** What other features may use of geometry's rules and types, on the server and in the browser (decision 0030). */
export { arFormats, arKey, arUrls, maxArTriangles, type ArFormat } from './ar-files';
export {
  contentMatches,
  headBytes,
  isAcceptableFileName,
  maxPictureBytes,
  modelFileFormats,
  pictureFormats,
} from './file-formats';
export { fileExtension, meshFormatOf, meshFormats } from './mesh-formats';
export {
  fitsIn,
  printabilityReport,
  printers,
  wallRules,
  type OrientationName,
  type PrintabilityReport,
  type Printer,
  type Verdict,
} from './printability';
export {
  defaultMaterialSettings,
  defaultPrintEstimates,
  estimatePrint,
  type MaterialSettings,
  type PrintQuantities,
} from './print-estimate';
