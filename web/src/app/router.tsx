import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { lazyNamed } from '../shared/ui/lazy-named';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';
import { PageLoading } from '../shared/ui/page-loading';
import { loadAuthPage, loadChatPage, loadDocumentEditorPage, loadDocumentsPage, loadHomePage, loadTemplatesPage } from './landing-pages';

// One chunk per page: the first load carries only the shell and the page being opened.
const HomePage = lazyNamed(loadHomePage, 'HomePage');
const AuthPage = lazyNamed(loadAuthPage, 'AuthPage');
const AuthOptionsPage = lazyNamed(() => import('../features/auth/auth-options-page'), 'AuthOptionsPage');
const SsoLinkPage = lazyNamed(() => import('../features/auth/sso-link-page'), 'SsoLinkPage');
const DocumentsPage = lazyNamed(loadDocumentsPage, 'DocumentsPage');
const DocumentEditorPage = lazyNamed(loadDocumentEditorPage, 'DocumentEditorPage');
const ProjectsPage = lazyNamed(() => import('../features/projects/projects-page'), 'ProjectsPage');
const ProjectDetailPage = lazyNamed(() => import('../features/projects/project-detail-page'), 'ProjectDetailPage');
const TemplatesPage = lazyNamed(loadTemplatesPage, 'TemplatesPage');
const DocumentFlowPage = lazyNamed(() => import('../features/document-flow/document-flow-page'), 'DocumentFlowPage');
const ChatPage = lazyNamed(loadChatPage, 'ChatPage');
const WorkspacePage = lazyNamed(() => import('../features/workspaces/workspace-page'), 'WorkspacePage');
const InvitePage = lazyNamed(() => import('../features/workspaces/invite-page'), 'InvitePage');
const SharedDocumentPage = lazyNamed(() => import('../features/sharing/shared-document-page'), 'SharedDocumentPage');
const TermsPage = lazyNamed(() => import('../features/legal/legal-page'), 'TermsPage');
const PrivacyPage = lazyNamed(() => import('../features/legal/legal-page'), 'PrivacyPage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

/** The routes of docs/product.md §2 inside the app shell; a share link's read-only page (docs/decisions/0012-sharing-and-roles.md) stands alone. */
export const appRoutes: RouteObject[] = [
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
          { path: 'auth/link', element: <SsoLinkPage /> },
          { path: 'documents', element: <DocumentsPage /> },
          { path: 'documents/:id', element: <DocumentEditorPage /> },
          { path: 'projects', element: <ProjectsPage /> },
          { path: 'projects/:id', element: <ProjectDetailPage /> },
          { path: 'templates', element: <TemplatesPage /> },
          { path: 'document-flow/:templateId', element: <DocumentFlowPage /> },
          { path: 'templates/:templateId/create', element: <DocumentFlowPage /> },
          { path: 'chat', element: <ChatPage /> },
          { path: 'workspaces/:id', element: <WorkspacePage /> },
          { path: 'invite/:token', element: <InvitePage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  browserRouter ??= createBrowserRouter(appRoutes);
  return <RouterProvider router={browserRouter} />;
}
