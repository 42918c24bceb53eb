/**
 * Who sees a request's tracking page and what it shows them (decision 0026): its buyer, its assigned
 * designer and admins see it; the buyer sees a round's results only once QA passed them; each viewer
 * gets the actions of their part at the request's step.
 */
import type { CustomModelFileDto, CustomModelRequestDto, ViewerRole } from './schemas';

/** The viewer's part in the request, or null when the request is not theirs to see. */
export function viewerRoleOf(
  request: Pick<CustomModelRequestDto, 'buyerId' | 'designerId'>,
  viewer: { id: number; isAdmin: boolean },
): ViewerRole | null {
  if (request.buyerId === viewer.id) return 'buyer';
  if (request.designerId === viewer.id) return 'designer';
  return viewer.isAdmin ? 'admin' : null;
}

/** The designer's panel: their work while in creation, else what they wait for. */
export type DesignerPanel = 'work' | 'waiting_qa' | 'waiting_buyer' | 'empty';

export interface TrackingView {
  /** Admins go back to their queue, the others to the service's page. */
  backTo: 'admin_queue' | 'service';
  /** The buyer pays while the request awaits payment. */
  canPay: boolean;
  /** The files of the latest round, when the viewer may see them; null when not. */
  results: CustomModelFileDto[] | null;
  /** The buyer approves or asks for changes. */
  canDecide: boolean;
  /** Null for anyone but the assigned designer. */
  designerPanel: DesignerPanel | null;
  /** The round the designer is preparing (not yet sent to QA). */
  pendingResults: CustomModelFileDto[];
  references: CustomModelFileDto[];
  /** Admins select a designer, run QA and cancel. */
  adminPanel: boolean;
  /** An admin selects the designer of a submitted request. */
  choosesDesigner: boolean;
  /** The last note among the facts (the designer sees it in their panel instead). */
  showsNote: boolean;
}

export function trackingViewOf(
  request: Pick<CustomModelRequestDto, 'status' | 'round' | 'note'>,
  role: ViewerRole,
  files: CustomModelFileDto[],
): TrackingView {
  const { status, round } = request;
  const seesResults =
    round > 0 && (role !== 'buyer' || status === 'awaiting_approval' || status === 'approved');
  return {
    backTo: role === 'admin' ? 'admin_queue' : 'service',
    canPay: role === 'buyer' && status === 'awaiting_payment',
    results: seesResults ? files.filter((f) => f.kind === 'result' && f.round === round) : null,
    canDecide: role === 'buyer' && status === 'awaiting_approval',
    designerPanel: role === 'designer' ? designerPanelOf(status) : null,
    pendingResults: files.filter((f) => f.kind === 'result' && f.round === round + 1),
    references: files.filter((f) => f.kind === 'reference'),
    adminPanel: role === 'admin',
    choosesDesigner: role === 'admin' && status === 'submitted',
    showsNote: Boolean(request.note) && role !== 'designer',
  };
}

function designerPanelOf(status: CustomModelRequestDto['status']): DesignerPanel {
  if (status === 'in_creation') return 'work';
  if (status === 'in_qa') return 'waiting_qa';
  if (status === 'awaiting_approval') return 'waiting_buyer';
  return 'empty';
}
