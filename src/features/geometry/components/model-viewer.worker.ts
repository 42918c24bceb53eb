/**
 * The viewer's worker: downloads the viewer mesh, checks it, computes flat normals and the bounding box,
 * and hands the arrays to the page without copying them. The page only builds the GPU geometry.
 */
import {
  bytesPerTriangle,
  readViewerMesh,
  type ViewerMeshRequest,
  type ViewerMeshResponse,
} from './viewer-mesh';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ViewerMeshRequest>) => void) | null;
  postMessage(message: ViewerMeshResponse, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;

async function download(request: ViewerMeshRequest): Promise<ArrayBuffer | ViewerMeshResponse> {
  const limit = request.maxTriangles * bytesPerTriangle;
  let response: Response;
  try {
    response = await fetch(request.url, { credentials: 'same-origin' });
  } catch {
    return { type: 'error', reason: 'fetch' };
  }
  if (!response.ok || !response.body) return { type: 'error', reason: 'fetch' };
  const header = Number(response.headers.get('content-length'));
  // A compressed response's length is not the file's: trust it only when nothing was encoded.
  const declared = !response.headers.get('content-encoding') && header > 0 ? header : 0;
  if (declared > limit) {
    void response.body.cancel();
    return { type: 'error', reason: 'too-big' };
  }
  const total = declared || request.expectedTriangles * bytesPerTriangle;
  const reader = response.body.getReader();
  let bytes = new Uint8Array(Math.min(declared || total || 1 << 20, limit));
  let loaded = 0;
  let reported = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (loaded + value.length > limit) {
        void reader.cancel();
        return { type: 'error', reason: 'too-big' };
      }
      if (loaded + value.length > bytes.length) {
        const grown = new Uint8Array(Math.min(limit, Math.max(bytes.length * 2, loaded + value.length)));
        grown.set(bytes.subarray(0, loaded));
        bytes = grown;
      }
      bytes.set(value, loaded);
      loaded += value.length;
      if (total > 0 && loaded - reported >= total / 50) {
        reported = loaded;
        scope.postMessage({ type: 'progress', loaded, total: Math.max(total, loaded) });
      }
    }
  } catch {
    return { type: 'error', reason: 'fetch' };
  }
  return loaded === bytes.length ? bytes.buffer : bytes.buffer.slice(0, loaded);
}

scope.onmessage = async (event) => {
  const request = event.data;
  const downloaded = await download(request);
  if (!(downloaded instanceof ArrayBuffer)) {
    scope.postMessage(downloaded);
    return;
  }
  const read = readViewerMesh(downloaded, request.maxTriangles);
  if (!read.ok) {
    scope.postMessage({ type: 'error', reason: read.reason });
    return;
  }
  const { mesh } = read;
  scope.postMessage({ type: 'mesh', ...mesh }, [mesh.positions.buffer, mesh.normals.buffer]);
};
