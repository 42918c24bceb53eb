/**
 * The model item page: the catalogue's view of the model, with what other features own composed into
 * it — the 3D viewer (geometry), the designer's card (designers), the support form (support; the
 * message goes into a model_support conversation).
 */
import type { Metadata } from 'next';
import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';

import { ModelDetailView } from '@/features/catalog/components/model-detail-view';
import { modelJsonLd } from '@/features/catalog/components/model-json-ld';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { smallestSource, type ModelDetailDto } from '@/features/catalog/schemas';
import { hasLiked } from '@/features/catalog/server/likes-repository';
import { getRelatedModels } from '@/features/catalog/server/queries';
import { AddToCart, type AddToCartLabels } from '@/features/cart/components/add-to-cart';
import { cartOwnerOf } from '@/features/cart/schemas';
import { findModelCartState } from '@/features/cart/server/repository';
import { DesignerCard } from '@/features/designers/components/designer-card';
import { ModelPrintlists } from '@/features/printlists/components/model-printlists';
import { FreeDownload, type FreeDownloadLabels } from '@/features/orders/components/free-download';
import { slicerMenuLabels } from '@/features/orders/components/slicer-texts';
import { ModelMakes } from '@/features/makes/components/model-makes';
import { getDesignerByUsername } from '@/features/designers/server/queries';
import { arUrls, maxArTriangles } from '@/features/geometry/api';
import { ModelViewer, type ModelViewerLabels } from '@/features/geometry/components/model-viewer';
import { ViewInYourRoom } from '@/features/geometry/components/view-in-room';
import { PrintEstimateSection } from '@/features/geometry/components/print-estimate-section';
import { PrintabilityReport } from '@/features/geometry/components/printability-report';
import { findModelPrintability } from '@/features/geometry/server/analysis-repository';
import { printMaterialSettings } from '@/features/geometry/server/print-materials';
import {
  SupportMessageForm,
  type SupportFormLabels,
} from '@/features/support/components/support-message-form';
import { conversionRequestLabels } from '@/features/conversations/components/flow-texts';
import { RequestForm } from '@/features/conversations/components/request-form';
import { missingFormats } from '@/features/conversations/file-formats';
import { ModelRatings } from '@/features/ratings/components/model-ratings';
import { ReportControl } from '@/features/moderation/components/report-control';
import { env } from '@/env';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { currentVisitor } from '@/server/auth/visitor';

import styles from './model-page.module.css';

type Model = ModelDetailDto & { categoryId: number };

const pageUrlOf = (model: Model) => new URL(model.url, env.publicUrl).toString();

export function modelMetadata(model: Model): Metadata {
  const image = model.images[0] ?? model.primaryImage;
  return {
    title: model.title,
    description: model.description.slice(0, 160),
    openGraph: {
      type: 'website',
      title: model.title,
      description: model.description.slice(0, 200),
      url: pageUrlOf(model),
      images: [
        { url: new URL(image.src, env.publicUrl).toString(), width: image.width, height: image.height },
      ],
    },
  };
}

async function viewerLabels(): Promise<ModelViewerLabels> {
  const t = await getTranslations('geometry.Viewer');
  return {
    view3d: t('view3d'),
    viewer: t('viewer'),
    controlsHint: t('controlsHint'),
    loading: t('loading'),
    ready: t('ready'),
    wireframe: t('wireframe'),
    resetView: t('resetView'),
    close: t('close'),
    retry: t('retry'),
    tooBig: t('tooBig'),
    loadError: t('loadError'),
    noWebgl: t('noWebgl'),
  };
}

async function supportLabels(): Promise<SupportFormLabels> {
  const t = await getTranslations('support.SupportMessageForm');
  const plain = ['message', 'submit', 'submitting', 'success', 'required', 'failed', 'rateLimited'] as const;
  // Filled in the browser ({designer}, {count}, {max}): passed as templates.
  const templates = ['formLabel', 'remainingOne', 'remainingOther', 'tooLong'] as const;
  const own = await getTranslations('conversations.SupportForm');
  return {
    ...Object.fromEntries(plain.map((key) => [key, t(key)])),
    ...Object.fromEntries(templates.map((key) => [key, t.raw(key) as string])),
    self: own('self'),
    logInPrompt: own('logInPrompt'),
    logIn: own('logIn'),
  } as SupportFormLabels;
}

const addToCartKeys = [
  'added',
  'already_in_cart',
  'already_purchased',
  'limit_reached',
  'add',
  'adding',
  'inCart',
  'failed',
  'addToWishlist',
  'inWishlist',
  'logInForWishlist',
  'download',
] as const;

/** The buy box: the visitor's cart and wishlist state for this model (cart feature). */
async function Purchase({ locale, model }: { locale: Locale; model: Model }) {
  const t = await getTranslations('cart.AddToCart');
  const visitor = await currentVisitor();
  const user = visitor?.user ?? null;
  const state = await findModelCartState(cartOwnerOf(visitor), user?.id ?? null, model.id);
  // 'added' and 'already_in_cart' name the model: templates filled in the browser.
  const labels = Object.fromEntries(
    addToCartKeys.map((key) => [
      key,
      key === 'added' || key === 'already_in_cart' ? (t.raw(key) as string) : t(key),
    ]),
  ) as AddToCartLabels;
  return (
    <AddToCart
      modelId={model.id}
      title={model.title}
      initial={state}
      signedIn={user !== null}
      labels={labels}
      hrefs={{
        cart: localizedHref(locale, '/cart'),
        purchases: localizedHref(locale, '/purchases'),
        logIn: localizedHref(locale, '/login', { next: model.url }),
      }}
      primary={
        model.finalPrice === 0 ? (
          <FreeDownload
            modelId={model.id}
            signedIn={user !== null}
            // The files it has (the demo's are made after the start), not the formats it lists.
            formats={model.files.map((file) => file.format)}
            hrefs={{
              logIn: localizedHref(locale, '/login', { next: model.url }),
              purchases: localizedHref(locale, '/purchases'),
            }}
            labels={await freeDownloadLabels()}
            slicerLabels={await slicerMenuLabels()}
          />
        ) : undefined
      }
    />
  );
}

const freeDownloadKeys = [
  'download',
  'downloading',
  'logIn',
  'added',
  'purchases',
  'failed',
  'rateLimited',
  'files',
] as const;

async function freeDownloadLabels(): Promise<FreeDownloadLabels> {
  const t = await getTranslations('modelLifecycle.FreeDownload');
  return Object.fromEntries(freeDownloadKeys.map((key) => [key, t(key)])) as FreeDownloadLabels;
}

/** "Need another file format?": a buyer asks the designer for a format the model lacks (decision 0037). */
async function ConversionRequest({
  locale,
  model,
  designer,
  signedIn,
}: {
  locale: Locale;
  model: Model;
  designer: string;
  signedIn: boolean;
}) {
  const formats = missingFormats(model.formats);
  if (formats.length === 0) return null;
  const t = await getTranslations('conversationFlows.Conversion');
  return (
    <section className={styles.support} aria-labelledby="conversion-heading">
      <h2 id="conversion-heading" className={styles.supportHeading}>
        {t('heading')}
      </h2>
      <p>{t('intro', { designer })}</p>
      {signedIn ? (
        <RequestForm
          endpoint={`/api/internal/items/${model.id}/conversion_requests`}
          choiceName="format"
          conversationHref={getPathname({
            locale,
            href: { pathname: '/conversations/[id]', params: { id: 'CONVERSATION_ID' } },
          })}
          languageTag={languageTags[locale]}
          labels={await conversionRequestLabels(designer, formats)}
          testId="conversion-request"
        />
      ) : (
        <p>
          {t('logInPrompt')} <a href={localizedHref(locale, '/login', { next: model.url })}>{t('logIn')}</a>
        </p>
      )}
    </section>
  );
}

async function reportTitle() {
  return (await getTranslations('ratings.Moderation'))('reportTitle');
}

export async function ModelPage({
  locale,
  model,
  reviewsPage = 1,
}: {
  locale: Locale;
  model: Model;
  /** The page of ratings and reviews asked for (`?reviews_page=`). */
  reviewsPage?: number;
}) {
  const t = await getTranslations('catalog.ModelPage');
  const visitor = await currentVisitor();
  const [designer, related, liked, printability] = await Promise.all([
    getDesignerByUsername(model.designerUsername),
    getRelatedModels(locale, model),
    visitor?.user ? hasLiked(visitor.user.id, model.id) : null,
    findModelPrintability(model.id, { publishedOnly: true }),
  ]);
  const pageUrl = pageUrlOf(model);
  const mesh = model.files.find((file) => file.viewerUrl !== null && file.triangles !== null);
  const image = model.images[0] ?? model.primaryImage;
  return (
    <>
      <ModelDetailView
        model={model}
        liked={liked}
        pageUrl={pageUrl}
        media={
          mesh ? (
            <>
              <ModelViewer
                meshUrl={mesh.viewerUrl!}
                triangles={mesh.triangles!}
                previewImage={{ ...image, sizes: '(max-width: 963px) 100vw, 720px', alt: model.title }}
                labels={await viewerLabels()}
              />
              {mesh.triangles! <= maxArTriangles && (
                <ViewInYourRoom
                  glbUrl={arUrls(mesh.viewerUrl!).glb}
                  usdzUrl={arUrls(mesh.viewerUrl!).usdz}
                  title={model.title}
                  thumbnail={smallestSource(image)}
                  label={(await getTranslations('geometry.ViewInYourRoom'))('label')}
                />
              )}
            </>
          ) : undefined
        }
        purchase={
          <>
            <Purchase locale={locale} model={model} />
            <ModelPrintlists locale={locale} model={model} />
          </>
        }
        designer={designer ? <DesignerCard designer={designer} /> : null}
        printability={
          printability ? (
            <>
              <PrintabilityReport
                report={printability.report}
                fileName={printability.fileName}
                languageTag={languageTags[locale]}
              />
              {printability.printQuantities && (
                <PrintEstimateSection
                  quantities={printability.printQuantities}
                  materials={printMaterialSettings()}
                  fileName={printability.fileName}
                  languageTag={languageTags[locale]}
                />
              )}
            </>
          ) : null
        }
        support={
          designer ? (
            <>
              <section className={styles.support} aria-labelledby="support-heading">
                <h2 id="support-heading" className={styles.supportHeading}>
                  {t('askDesigner')}
                </h2>
                <p>{t('askDesignerIntro', { designer: designer.username })}</p>
                <SupportMessageForm
                  modelId={model.id}
                  designerUsername={designer.username}
                  locale={locale}
                  labels={await supportLabels()}
                  logInHref={visitor?.user ? null : localizedHref(locale, '/login', { next: model.url })}
                  ownModel={visitor?.user?.id === designer.id}
                />
              </section>
              {visitor?.user?.id !== designer.id && (
                <ConversionRequest
                  locale={locale}
                  model={model}
                  designer={designer.username}
                  signedIn={Boolean(visitor?.user)}
                />
              )}
            </>
          ) : null
        }
        ratings={
          <ModelRatings
            locale={locale}
            model={model}
            user={visitor?.user ?? null}
            reviewsPage={reviewsPage}
            report={async (reviewId) => (
              <ReportControl subjectType="model_review" subjectId={reviewId} title={await reportTitle()} />
            )}
          />
        }
        related={
          related.length > 0 ? (
            <section className={styles.related} aria-labelledby="related-heading">
              <h2 id="related-heading" className="section-title">
                {t('related')}
              </h2>
              <ModelGrid models={related} headingLevel={3} />
            </section>
          ) : null
        }
      />
      <ModelMakes locale={locale} model={model} />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(modelJsonLd(model, pageUrl)).replace(/</g, '\\u003c'),
        }}
      />
    </>
  );
}
