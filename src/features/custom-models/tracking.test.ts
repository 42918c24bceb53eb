import { describe, expect, it } from 'vitest';

import type { CustomModelStatus } from './custom-model-lifecycle';
import type { CustomModelFileDto } from './schemas';
import { trackingViewOf, viewerRoleOf } from './tracking';

const file = (id: number, kind: 'reference' | 'result', round: number): CustomModelFileDto => ({
  id,
  kind,
  round,
  fileName: `f${id}`,
  contentType: 'model/stl',
  sizeBytes: 1,
});
const files = [file(1, 'reference', 0), file(2, 'result', 1), file(3, 'result', 2)];
const request = (status: CustomModelStatus, round = 1, note: string | null = null) => ({
  status,
  round,
  note,
});

describe('viewerRoleOf', () => {
  const owned = { buyerId: 1, designerId: 2 };
  it('is the buyer, the assigned designer, an admin, or nobody', () => {
    expect(viewerRoleOf(owned, { id: 1, isAdmin: true })).toBe('buyer');
    expect(viewerRoleOf(owned, { id: 2, isAdmin: false })).toBe('designer');
    expect(viewerRoleOf(owned, { id: 3, isAdmin: true })).toBe('admin');
    expect(viewerRoleOf(owned, { id: 3, isAdmin: false })).toBeNull();
    expect(viewerRoleOf({ buyerId: 1, designerId: null }, { id: 3, isAdmin: false })).toBeNull();
  });
});

describe('trackingViewOf', () => {
  it('lets the buyer pay while awaiting payment, and decide while awaiting approval', () => {
    expect(trackingViewOf(request('awaiting_payment', 0), 'buyer', files).canPay).toBe(true);
    expect(trackingViewOf(request('awaiting_payment', 0), 'admin', files).canPay).toBe(false);
    expect(trackingViewOf(request('awaiting_approval'), 'buyer', files).canDecide).toBe(true);
    expect(trackingViewOf(request('in_qa'), 'buyer', files).canDecide).toBe(false);
  });

  it('shows the buyer a round’s results only once QA passed them; others from the first round', () => {
    expect(trackingViewOf(request('in_qa'), 'buyer', files).results).toBeNull();
    expect(trackingViewOf(request('awaiting_approval'), 'buyer', files).results).toEqual([files[1]]);
    expect(trackingViewOf(request('approved'), 'buyer', files).results).toEqual([files[1]]);
    expect(trackingViewOf(request('in_qa'), 'designer', files).results).toEqual([files[1]]);
    expect(trackingViewOf(request('in_qa'), 'admin', files).results).toEqual([files[1]]);
    expect(trackingViewOf(request('in_creation', 0), 'admin', files).results).toBeNull();
  });

  it('gives the designer their panel at each step, with the round being prepared', () => {
    const panel = (status: CustomModelStatus) =>
      trackingViewOf(request(status), 'designer', files).designerPanel;
    expect(panel('in_creation')).toBe('work');
    expect(panel('in_qa')).toBe('waiting_qa');
    expect(panel('awaiting_approval')).toBe('waiting_buyer');
    expect(panel('approved')).toBe('empty');
    expect(trackingViewOf(request('in_creation'), 'buyer', files).designerPanel).toBeNull();
    expect(trackingViewOf(request('in_creation'), 'designer', files).pendingResults).toEqual([files[2]]);
    expect(trackingViewOf(request('in_creation'), 'designer', files).references).toEqual([files[0]]);
  });

  it('gives admins their panel, the designer choice of a submitted request and their queue back', () => {
    const admin = trackingViewOf(request('submitted', 0), 'admin', files);
    expect(admin).toMatchObject({ adminPanel: true, choosesDesigner: true, backTo: 'admin_queue' });
    expect(trackingViewOf(request('in_qa'), 'admin', files).choosesDesigner).toBe(false);
    expect(trackingViewOf(request('submitted', 0), 'buyer', files)).toMatchObject({
      adminPanel: false,
      choosesDesigner: false,
      backTo: 'service',
    });
  });

  it('lists the last note among the facts for everyone but the designer', () => {
    expect(trackingViewOf(request('in_creation', 1, 'Fix it'), 'buyer', files).showsNote).toBe(true);
    expect(trackingViewOf(request('in_creation', 1, 'Fix it'), 'designer', files).showsNote).toBe(false);
    expect(trackingViewOf(request('in_creation', 1, null), 'admin', files).showsNote).toBe(false);
  });
});
