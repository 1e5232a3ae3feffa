// Links into the Temporal Web UI.

/** A workflow's page in the UI at `uiUrl`. */
export function temporalUiWorkflowUrl(uiUrl: string, namespace: string, workflowId: string): string {
  return `${uiUrl}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
