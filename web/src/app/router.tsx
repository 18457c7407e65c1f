import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { lazyNamed } from '../shared/ui/lazy-named';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';
import { PageLoading } from '../shared/ui/page-loading';

// One chunk per page: the first load carries only the shell and the page being opened.
const loadHomePage = () => import('../features/home/home-page');
const HomePage = lazyNamed(loadHomePage, 'HomePage');
const loadAuthPage = () => import('../features/auth/auth-page');
const AuthPage = lazyNamed(loadAuthPage, 'AuthPage');
const AuthOptionsPage = lazyNamed(() => import('../features/auth/auth-options-page'), 'AuthOptionsPage');
const loadDocumentsPage = () => import('../features/documents/documents-page');
const DocumentsPage = lazyNamed(loadDocumentsPage, 'DocumentsPage');
const DocumentEditorPage = lazyNamed(() => import('../features/documents/document-editor-page'), 'DocumentEditorPage');
const ProjectsPage = lazyNamed(() => import('../features/projects/projects-page'), 'ProjectsPage');
const ProjectDetailPage = lazyNamed(() => import('../features/projects/project-detail-page'), 'ProjectDetailPage');
const loadTemplatesPage = () => import('../features/templates/templates-page');
const TemplatesPage = lazyNamed(loadTemplatesPage, 'TemplatesPage');
const DocumentFlowPage = lazyNamed(() => import('../features/document-flow/document-flow-page'), 'DocumentFlowPage');
const loadChatPage = () => import('../features/chat/chat-page');
const ChatPage = lazyNamed(loadChatPage, 'ChatPage');
const SharedDocumentPage = lazyNamed(() => import('../features/sharing/shared-document-page'), 'SharedDocumentPage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

/** The pages a visitor most often opens first, by address. */
const LANDING_PAGES: Record<string, () => Promise<unknown>> = {
  '/': loadHomePage,
  '/auth': loadAuthPage,
  '/documents': loadDocumentsPage,
  '/templates': loadTemplatesPage,
  '/chat': loadChatPage,
};

/**
 * Starts loading the page chunk of the address being opened as the entry runs, instead of when the
 * first render reaches the page (after the providers and the shell): the chunk is on the path to the
 * largest paint. Its module is then already loaded, or on its way, when React.lazy asks for it.
 */
export function preloadLandingPage(pathname: string): void {
  void LANDING_PAGES[pathname]?.();
}

/** The routes of docs/product.md §2 inside the app shell; a share link's read-only page (docs/decisions/0012-sharing-and-roles.md) stands alone. */
const router = createBrowserRouter([
  {
    path: 'share/:token',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageLoading />}>
        <SharedDocumentPage />
      </Suspense>
    ),
  },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        // A failing page shows its error inside the shell, so navigation stays usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'auth', element: <AuthPage /> },
          { path: 'auth-options', element: <AuthOptionsPage /> },
          { path: 'documents', element: <DocumentsPage /> },
          { path: 'documents/:id', element: <DocumentEditorPage /> },
          { path: 'projects', element: <ProjectsPage /> },
          { path: 'projects/:id', element: <ProjectDetailPage /> },
          { path: 'templates', element: <TemplatesPage /> },
          { path: 'document-flow/:templateId', element: <DocumentFlowPage /> },
          { path: 'templates/:templateId/create', element: <DocumentFlowPage /> },
          { path: 'chat', element: <ChatPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
