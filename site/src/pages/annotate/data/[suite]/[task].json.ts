// One judgeable task for the annotate page: source, renderings (opaque file names) and audits.
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadTasks } from '../../../../data/board-entry.ts';
import { annotationPool, type AnnotationTask } from '../../../../data/annotation-pool.ts';
import { siteUrl } from '../../../../lib/site-url.ts';

export const getStaticPaths = (async () =>
  annotationPool(await loadTasks()).map((t) => ({
    params: { suite: t.suite, task: t.task },
    props: { entry: t },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const t = (props as { entry: AnnotationTask }).entry;
  const ref = (m: { full: string; thumb: string }) => ({
    full: siteUrl(m.full),
    thumb: siteUrl(m.thumb),
  });
  const body = {
    task: t.task,
    suite: t.suite,
    source: ref(t.source),
    candidates: t.candidates.map((c) => ({
      submission: c.submission,
      render: ref(c.render),
      audit: c.audit,
    })),
  };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
