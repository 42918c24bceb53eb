'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type * as Three from 'three';
import type { OrbitControls as OrbitControlsClass } from 'three/addons/controls/OrbitControls.js';

import { Icon } from '@/components/ui/icon';

import styles from './model-viewer.module.css';
import {
  defaultMaxViewerTriangles,
  frameBox,
  type ViewerMesh,
  type ViewerMeshFailure,
  type ViewerMeshRequest,
  type ViewerMeshResponse,
} from './viewer-mesh';
import { useHydrated } from '@/components/ui/use-hydrated';

/** Every text of the viewer, translated by the page. */
export interface ModelViewerLabels {
  /** The button over the picture: "View in 3D". */
  view3d: string;
  /** The 3D view's accessible name: "3D view of the model". */
  viewer: string;
  /** How to move the model, shown under the view and read with it. */
  controlsHint: string;
  loading: string;
  ready: string;
  wireframe: string;
  resetView: string;
  close: string;
  retry: string;
  tooBig: string;
  loadError: string;
  noWebgl: string;
}

export interface ModelViewerImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
}

type Phase = 'idle' | 'loading' | 'ready' | 'too-big' | 'error' | 'no-webgl';

interface ViewerHandle {
  setWireframe: (on: boolean) => void;
  resetView: () => void;
}

class ViewerFailure extends Error {
  constructor(readonly reason: ViewerMeshFailure) {
    super(reason);
  }
}

function webglAvailable(): boolean {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Spec §2 "model item page", DESIGN.md §2 (decision 0017): the model's picture, with a "View in 3D"
 * button; three.js and the viewer mesh load only on click, the mesh is read in a worker. Orbit, zoom and
 * pan with the pointer or the keyboard; wireframe, reset and close buttons. A model with more triangles
 * than `maxTriangles` is never downloaded.
 */
export function ModelViewer({
  meshUrl,
  triangles,
  previewImage,
  labels,
  maxTriangles = defaultMaxViewerTriangles,
}: {
  meshUrl: string;
  triangles: number;
  previewImage: ModelViewerImage;
  labels: ModelViewerLabels;
  maxTriangles?: number;
}) {
  const declaredTooBig = triangles > maxTriangles;
  const [phase, setPhase] = useState<Phase>(declaredTooBig ? 'too-big' : 'idle');
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [wireframe, setWireframe] = useState(false);
  const hydrated = useHydrated();
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const viewerRef = useRef<ViewerHandle | null>(null);
  const returnFocusRef = useRef(false);
  const openedRef = useRef(false);
  const hintId = useId();
  const active = phase === 'loading' || phase === 'ready';

  useEffect(() => {
    if (!active) return;
    const canvas = canvasRef.current;
    const stage = stageRef.current;
    if (!canvas || !stage) return;
    let cancelled = false;
    let dispose: (() => void) | null = null;
    const worker = new Worker(new URL('./model-viewer.worker.ts', import.meta.url));
    const mesh = new Promise<ViewerMesh>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ViewerMeshResponse>) => {
        const message = event.data;
        if (message.type === 'progress') setProgress(message.loaded / message.total);
        else if (message.type === 'error') reject(new ViewerFailure(message.reason));
        else resolve(message);
      };
      worker.onerror = () => reject(new ViewerFailure('parse'));
    });
    const request: ViewerMeshRequest = {
      url: new URL(meshUrl, window.location.href).href,
      maxTriangles,
      expectedTriangles: triangles,
    };
    worker.postMessage(request);
    const modules = Promise.all([import('three'), import('three/addons/controls/OrbitControls.js')]);
    Promise.all([mesh, modules])
      .then(([loaded, [three, { OrbitControls }]]) => {
        worker.terminate();
        if (cancelled) return;
        let viewer: ReturnType<typeof createViewer>;
        try {
          viewer = createViewer(three, OrbitControls, canvas, stage, loaded, () => {
            if (!cancelled) setPhase('error');
          });
        } catch {
          // WebGLRenderer throws when no context can be created.
          setPhase('no-webgl');
          return;
        }
        dispose = viewer.dispose;
        return viewer.compiled.then(() => {
          if (cancelled) return;
          viewerRef.current = viewer;
          setPhase('ready');
        });
      })
      .catch((error: unknown) => {
        worker.terminate();
        if (cancelled) return;
        setPhase(error instanceof ViewerFailure && error.reason === 'too-big' ? 'too-big' : 'error');
      });
    return () => {
      cancelled = true;
      worker.terminate();
      viewerRef.current = null;
      dispose?.();
    };
  }, [active, attempt, meshUrl, maxTriangles, triangles]);

  // Focus follows the view: the close button while loading, the 3D view once it shows, the message when
  // the view cannot open, and the "View in 3D" button after closing.
  useEffect(() => {
    // Never on the page's first render (a model too big for the browser says so without taking focus).
    if (!openedRef.current) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body;
    if (phase === 'loading' && (lost || stageRef.current?.contains(focused))) closeRef.current?.focus();
    else if (phase === 'ready' && (lost || focused === closeRef.current)) canvasRef.current?.focus();
    else if ((phase === 'too-big' || phase === 'no-webgl' || phase === 'error') && lost)
      messageRef.current?.focus();
    else if (phase === 'idle' && returnFocusRef.current) {
      returnFocusRef.current = false;
      openRef.current?.focus();
    }
  }, [phase]);

  const open = () => {
    openedRef.current = true;
    setWireframe(false);
    setProgress(null);
    if (!webglAvailable()) {
      setPhase('no-webgl');
      return;
    }
    setAttempt((value) => value + 1);
    setPhase('loading');
  };
  const close = () => {
    returnFocusRef.current = true;
    setPhase('idle');
  };
  const toggleWireframe = () => {
    const next = !wireframe;
    setWireframe(next);
    viewerRef.current?.setWireframe(next);
  };

  const message =
    phase === 'loading'
      ? labels.loading
      : phase === 'ready'
        ? labels.ready
        : phase === 'too-big'
          ? labels.tooBig
          : phase === 'error'
            ? labels.loadError
            : phase === 'no-webgl'
              ? labels.noWebgl
              : '';
  const notice = phase === 'too-big' || phase === 'error' || phase === 'no-webgl';

  return (
    <div
      className={styles.viewer}
      data-testid="model-viewer"
      data-state={phase}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && (active || phase === 'error')) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div ref={stageRef} className={styles.stage}>
        <img
          className={styles.picture}
          src={previewImage.src}
          srcSet={previewImage.srcSet}
          sizes={previewImage.sizes}
          width={previewImage.width}
          height={previewImage.height}
          alt={previewImage.alt}
          fetchPriority="high"
          decoding="async"
        />
        {active && (
          <canvas
            key={attempt}
            ref={canvasRef}
            className={styles.canvas}
            data-testid="model-viewer-canvas"
            data-ready={phase === 'ready'}
            tabIndex={phase === 'ready' ? 0 : -1}
            role="application"
            aria-label={labels.viewer}
            aria-describedby={hintId}
            aria-hidden={phase !== 'ready'}
          />
        )}
        {phase === 'idle' && hydrated && (
          <button ref={openRef} type="button" className={styles.open} onClick={open}>
            <Icon name="obj" size={20} />
            {labels.view3d}
          </button>
        )}
        {active && (
          <div className={styles.toolbar}>
            {phase === 'ready' && (
              <>
                <button
                  type="button"
                  className={styles.tool}
                  aria-pressed={wireframe}
                  aria-label={labels.wireframe}
                  title={labels.wireframe}
                  onClick={toggleWireframe}
                >
                  <Icon name="wireframe" size={20} />
                </button>
                <button
                  type="button"
                  className={styles.tool}
                  aria-label={labels.resetView}
                  title={labels.resetView}
                  onClick={() => viewerRef.current?.resetView()}
                >
                  <Icon name="reset" size={20} />
                </button>
              </>
            )}
            <button
              ref={closeRef}
              type="button"
              className={styles.tool}
              aria-label={labels.close}
              title={labels.close}
              onClick={close}
            >
              <Icon name="close" size={20} />
            </button>
          </div>
        )}
        {phase === 'loading' && (
          <div className={styles.loading}>
            <span className={`spinner ${styles.spinner}`} aria-hidden="true" />
            <span aria-hidden="true">{labels.loading}</span>
            <progress
              className={styles.progress}
              max={1}
              value={progress ?? undefined}
              aria-label={labels.loading}
            />
          </div>
        )}
        {/* One live region for every state; shown over the picture when it is all there is to say. */}
        <div className={notice ? styles.notice : undefined}>
          <p
            ref={messageRef}
            role="status"
            tabIndex={-1}
            className={notice ? styles.noticeText : 'visually-hidden'}
          >
            {message}
          </p>
          {phase === 'error' && (
            <div className={styles.noticeActions}>
              <button type="button" className={styles.action} onClick={open}>
                {labels.retry}
              </button>
              <button type="button" className={styles.action} onClick={close}>
                {labels.close}
              </button>
            </div>
          )}
        </div>
      </div>
      {phase === 'ready' && (
        <p id={hintId} className={styles.hint}>
          {labels.controlsHint}
        </p>
      )}
    </div>
  );
}

/** A round step for grid lines: 1, 2 or 5 times a power of ten. */
function gridStep(span: number): number {
  const power = 10 ** Math.floor(Math.log10(span));
  const scaled = span / power;
  return (scaled < 2 ? 1 : scaled < 5 ? 2 : 5) * power;
}

/** The scene: the mesh on a millimetre grid, +Z up, lit from the sky and from beside the camera. */
function createViewer(
  three: typeof Three,
  OrbitControls: typeof OrbitControlsClass,
  canvas: HTMLCanvasElement,
  stage: HTMLElement,
  mesh: ViewerMesh,
  onContextLost: () => void,
) {
  const renderer = new three.WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0xeef0f5);

  const scene = new three.Scene();
  const camera = new three.PerspectiveCamera(35, 1, 0.1, 1000);
  camera.up.set(0, 0, 1);
  scene.add(camera);

  const geometry = new three.BufferGeometry();
  geometry.setAttribute('position', new three.BufferAttribute(mesh.positions, 3));
  geometry.setAttribute('normal', new three.BufferAttribute(mesh.normals, 3));
  const min = new three.Vector3(...mesh.min);
  const max = new three.Vector3(...mesh.max);
  // Bounds from the worker: three.js would otherwise walk every vertex on the main thread.
  geometry.boundingBox = new three.Box3(min, max);
  geometry.boundingSphere = new three.Sphere(
    new three.Vector3().addVectors(min, max).multiplyScalar(0.5),
    min.distanceTo(max) / 2,
  );
  const material = new three.MeshStandardMaterial({
    color: 0xb4bac6,
    roughness: 0.6,
    metalness: 0.05,
    side: three.DoubleSide,
  });
  scene.add(new three.Mesh(geometry, material));

  const sky = new three.HemisphereLight(0xffffff, 0x8a8f9c, 1.8);
  sky.position.set(0, 0, 1);
  scene.add(sky);
  const key = new three.DirectionalLight(0xffffff, 2.2);
  key.position.set(1, 1.5, 0.5);
  camera.add(key);
  camera.add(key.target);
  key.target.position.set(0, 0, -1);

  const span = Math.max(max.x - min.x, max.y - min.y, 1e-3) * 1.6;
  const step = gridStep(span / 8);
  const divisions = Math.max(2, Math.ceil(span / step / 2) * 2);
  const grid = new three.GridHelper(divisions * step, divisions, 0xbfc5d1, 0xd8dce5);
  grid.rotation.x = Math.PI / 2;
  grid.position.set((min.x + max.x) / 2, (min.y + max.y) / 2, min.z - min.distanceTo(max) * 1e-3);
  scene.add(grid);

  const reducedMotion = prefersReducedMotion();
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = !reducedMotion;
  controls.dampingFactor = 0.12;
  controls.screenSpacePanning = true;

  // Nothing is drawn until the shaders are compiled: where the browser can (KHR_parallel_shader_compile),
  // compileAsync does it without blocking the page.
  let live = false;
  let frameRequest = 0;
  const render = () => {
    frameRequest = 0;
    const moving = controls.enableDamping && controls.update();
    renderer.render(scene, camera);
    if (moving) requestRender();
  };
  const requestRender = () => {
    if (live && !frameRequest) frameRequest = requestAnimationFrame(render);
  };
  controls.addEventListener('change', requestRender);

  const resize = () => {
    const width = stage.clientWidth;
    const height = stage.clientHeight;
    if (!width || !height) return;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  };
  resize();
  const frame = frameBox(mesh.min, mesh.max, camera.fov, camera.aspect);
  camera.position.set(...frame.position);
  camera.near = frame.distance / 100;
  camera.far = frame.distance * 100;
  camera.updateProjectionMatrix();
  controls.target.set(...frame.target);
  controls.minDistance = frame.radius * 0.05;
  controls.maxDistance = frame.distance * 10;
  controls.update();
  controls.saveState();
  const observer = new ResizeObserver(resize);
  observer.observe(stage);

  // Keyboard: arrows orbit, Shift + arrows pan, + and − zoom (OrbitControls' own keys only pan).
  const up = new three.Vector3(0, 0, 1);
  const offset = new three.Vector3();
  const axis = new three.Vector3();
  const onKeyDown = (event: KeyboardEvent) => {
    const angle = Math.PI / 18;
    offset.subVectors(camera.position, controls.target);
    const distance = offset.length();
    const pan = (x: number, y: number) => {
      const move = new three.Vector3()
        .setFromMatrixColumn(camera.matrix, 0)
        .multiplyScalar(x * distance * 0.05)
        .add(new three.Vector3().setFromMatrixColumn(camera.matrix, 1).multiplyScalar(y * distance * 0.05));
      camera.position.add(move);
      controls.target.add(move);
    };
    const tilt = (delta: number) => {
      axis.crossVectors(offset, up).normalize();
      const tilted = offset.clone().applyAxisAngle(axis, delta);
      const polar = tilted.angleTo(up);
      if (polar > 0.02 && polar < Math.PI - 0.02) offset.copy(tilted);
    };
    const zoom = (factor: number) =>
      offset.setLength(Math.min(Math.max(distance * factor, controls.minDistance), controls.maxDistance));
    switch (event.key) {
      case 'ArrowLeft':
        if (event.shiftKey) pan(-1, 0);
        else offset.applyAxisAngle(up, -angle);
        break;
      case 'ArrowRight':
        if (event.shiftKey) pan(1, 0);
        else offset.applyAxisAngle(up, angle);
        break;
      case 'ArrowUp':
        if (event.shiftKey) pan(0, 1);
        else tilt(-angle);
        break;
      case 'ArrowDown':
        if (event.shiftKey) pan(0, -1);
        else tilt(angle);
        break;
      case '+':
      case '=':
        zoom(0.8);
        break;
      case '-':
      case '_':
        zoom(1.25);
        break;
      default:
        return;
    }
    event.preventDefault();
    camera.position.copy(controls.target).add(offset);
    controls.update();
    requestRender();
  };
  canvas.addEventListener('keydown', onKeyDown);

  const onLost = (event: Event) => {
    event.preventDefault();
    onContextLost();
  };
  canvas.addEventListener('webglcontextlost', onLost);

  const compiled = (
    renderer.extensions.has('KHR_parallel_shader_compile')
      ? renderer.compileAsync(scene, camera).catch(() => undefined)
      : Promise.resolve()
  ).then(() => {
    live = true;
    requestRender();
  });

  return {
    compiled,
    setWireframe(on: boolean) {
      material.wireframe = on;
      requestRender();
    },
    resetView() {
      // Let any inertia finish at once, so the reset is not followed by a drift.
      const damping = controls.enableDamping;
      controls.enableDamping = false;
      controls.update();
      controls.enableDamping = damping;
      controls.reset();
      requestRender();
    },
    dispose() {
      cancelAnimationFrame(frameRequest);
      observer.disconnect();
      canvas.removeEventListener('keydown', onKeyDown);
      canvas.removeEventListener('webglcontextlost', onLost);
      controls.removeEventListener('change', requestRender);
      controls.dispose();
      geometry.dispose();
      material.dispose();
      grid.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
}
