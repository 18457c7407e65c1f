import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { lazyNamed } from '../shared/ui/lazy-named';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';
import { PageLoading } from '../shared/ui/page-loading';

// One chunk per page: the first load carries only the shell and the page being opened.
const HomePage = lazyNamed(() => import('../features/home/home-page'), 'HomePage');
const AuthPage = lazyNamed(() => import('../features/auth/auth-page'), 'AuthPage');
const AuthOptionsPage = lazyNamed(() => import('../features/auth/auth-options-page'), 'AuthOptionsPage');
const DocumentsPage = lazyNamed(() => import('../features/documents/documents-page'), 'DocumentsPage');
const DocumentEditorPage = lazyNamed(() => import('../features/documents/document-editor-page'), 'DocumentEditorPage');
const ProjectsPage = lazyNamed(() => import('../features/projects/projects-page'), 'ProjectsPage');
const ProjectDetailPage = lazyNamed(() => import('../features/projects/project-detail-page'), 'ProjectDetailPage');
const TemplatesPage = lazyNamed(() => import('../features/templates/templates-page'), 'TemplatesPage');
const DocumentFlowPage = lazyNamed(() => import('../features/document-flow/document-flow-page'), 'DocumentFlowPage');
const ChatPage = lazyNamed(() => import('../features/chat/chat-page'), 'ChatPage');
const SharedDocumentPage = lazyNamed(() => import('../features/sharing/shared-document-page'), 'SharedDocumentPage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

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
