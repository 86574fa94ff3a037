/**
 * The toasts (notistack): imported by main.tsx on its own, after the framework, so that the
 * browser evaluates them in a task of their own (docs/decisions/112): notistack makes its
 * stylesheet with goober as it loads, which took half of the framework's task. A binding keeps
 * the chunk loaded here; nothing else imports this module.
 */
export { SnackbarProvider } from 'notistack';
