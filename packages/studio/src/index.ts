/**
 * @atelier/studio: the offline engine's public entry for Node. Browser code imports only the
 * plain lists, `@atelier/studio/styles` and `@atelier/studio/brushes`, which pull in no
 * rendering code.
 */
export { decodeSource, encodePng } from "./codec";
export type { Raster } from "./raster";
export { renderSquare, renderStudioImage, type StageReporter, type StudioImageTask, type StudioMode } from "./render";
export { parsePrompt, type Scene } from "./scene/parse-prompt";
export { type PromptReading, readPromptWords } from "./scene/understood";
export { type EditSides, renderStudioEdit, type StudioEditTask } from "./edit/edit";
