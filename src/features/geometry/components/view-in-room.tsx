'use client';

import { useSyncExternalStore } from 'react';

import styles from './view-in-room.module.css';

type ArViewer = 'quick-look' | 'scene-viewer';

const subscribeNothing = () => () => {};

/** Which AR viewer this device has: iOS Safari says so itself; Android phones have Google's. */
function arViewerOfDevice(): ArViewer | null {
  if (document.createElement('a').relList.supports('ar')) return 'quick-look';
  if (/\bAndroid\b/.test(navigator.userAgent)) return 'scene-viewer';
  return null;
}

/** Google's documented intent for Scene Viewer; without the app, the phone stays on this page. */
export function sceneViewerIntent(glbUrl: string, title: string, pageUrl: string): string {
  const query = `file=${encodeURIComponent(glbUrl)}&mode=ar_preferred&title=${encodeURIComponent(title)}`;
  return (
    `intent://arvr.google.com/scene-viewer/1.0?${query}#Intent;scheme=https;` +
    'package=com.google.android.googlequicksearchbox;action=android.intent.action.VIEW;' +
    `S.browser_fallback_url=${encodeURIComponent(pageUrl)};end;`
  );
}

/**
 * "View in your room" (decision 0060): the model at its real size in the phone's camera, through iOS
 * AR Quick Look (USDZ) or Android's Scene Viewer (GLB). Shown only once the device is known to have
 * one: the server's HTML has nothing here, so desktops never see a control that cannot work.
 */
export function ViewInYourRoom({
  glbUrl,
  usdzUrl,
  title,
  thumbnail,
  label,
}: {
  glbUrl: string;
  usdzUrl: string;
  title: string;
  thumbnail: string;
  label: string;
}) {
  const viewer = useSyncExternalStore(subscribeNothing, arViewerOfDevice, () => null);
  if (viewer === 'quick-look')
    // Safari opens AR Quick Look for a rel="ar" link whose only child is an image (it adds its badge).
    return (
      <p className={styles.box}>
        <a rel="ar" href={usdzUrl} className={styles.quickLook} data-testid="view-in-room">
          <img src={thumbnail} alt={label} width={96} height={96} />
        </a>
        <span aria-hidden="true">{label}</span>
      </p>
    );
  if (viewer === 'scene-viewer')
    return (
      <p className={styles.box}>
        <a
          href={sceneViewerIntent(new URL(glbUrl, window.location.href).href, title, window.location.href)}
          className="button button-secondary"
          data-testid="view-in-room"
        >
          {label}
        </a>
      </p>
    );
  return null;
}
