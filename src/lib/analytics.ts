/** Spec §3 "Experiment event": pushed to the analytics data layer; nothing when the variation is null. */
export interface ExperimentEvent {
  event: 'experiment_viewed';
  experiment_id: string;
  variation_id: '1' | '0';
}

export function experimentEvent(experimentId: string, variation: boolean | null): ExperimentEvent | null {
  if (variation === null) return null;
  return { event: 'experiment_viewed', experiment_id: experimentId, variation_id: variation ? '1' : '0' };
}

type DataLayerWindow = { dataLayer?: unknown[] };

/** Pushes to `window.dataLayer` (created when missing), the analytics tools' common queue. */
export function pushToDataLayer(target: DataLayerWindow, entry: object | null): void {
  if (!entry) return;
  target.dataLayer ??= [];
  target.dataLayer.push(entry);
}
