import type { StepView } from './repository.js';

/** A step as every step endpoint answers it; the list carries the same fields. */
export function presentStep(view: StepView) {
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    isActive: view.is_active,
    identification: { types: view.visible_types },
    executions30d: view.executions_30d,
    lastRunAt: view.last_run_at ? view.last_run_at.toISOString() : null,
    createdAt: view.created_at.toISOString(),
    updatedAt: view.updated_at.toISOString(),
    createdBy: view.created_by,
  };
}
