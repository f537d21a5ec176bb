// One reference for the style annotation page: the reference image and the candidates' outputs.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadSubmissions } from '../../../../data/board-entry.ts';
import {
  styleAnnotationPool,
  type StyleAnnotationTask,
} from '../../../../data/style-annotation-pool.ts';
import { siteUrl } from '../../../../lib/site-url.ts';

export const getStaticPaths = (async () =>
  styleAnnotationPool(await loadSubmissions()).map((t) => ({
    params: { suite: t.suite, task: t.task },
    props: { entry: t },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const t = (props as { entry: StyleAnnotationTask }).entry;
  const ref = (m: { full: string; thumb: string }) => ({
    full: siteUrl(m.full),
    thumb: siteUrl(m.thumb),
  });
  const body = {
    task: t.task,
    suite: t.suite,
    reference: ref(t.reference),
    candidates: t.candidates.map((c) => ({ submission: c.submission, output: ref(c.output) })),
  };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
