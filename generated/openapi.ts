// generated - do not edit. Source: openapi/openapi.yaml; run `npm run generate-types`.
/* eslint-disable */
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness check
         * @description Answers 200 while the process serves HTTP. No authentication, no database access.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness check
         * @description Answers 200 when the database answers a query, 503 otherwise. No authentication.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This contract as JSON */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API reference (Swagger UI)
         * @description An HTML page rendering this contract with Swagger UI. Its assets are served by quire
         *     itself (`/docs/assets/…`), so the page works offline.
         */
        get: operations["getDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A static file of the reference page */
        get: operations["getDocsAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Prometheus text exposition: `quire_http_request_duration_seconds` (histogram by
         *     operationId, method and status), `quire_db_pool_connections` (used, free, pending) and
         *     Node's process metrics (event loop lag, heap, GC), all prefixed `quire_`. No
         *     authentication: expose it only where your scraper can reach it.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/ok": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check an API key
         * @description Answers 200 with who the key acts as. Used by integrations (n8n) as a credential test.
         */
        get: operations["checkAuth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/document-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List document types
         * @description Public types plus the caller organization's own types (drafts included), newest first.
         *     `search` matches name, code or description, case-insensitively, with `%` and `_` taken
         *     literally. Deleted types never appear. Items carry every field but `jsonSchema`; read one
         *     type to get its schema.
         */
        get: operations["listDocumentTypes"];
        put?: never;
        /**
         * Create a document type
         * @description Any member may create. Rules:
         *     - `codeType` matches `^[a-z0-9_]+$`, is unique across quire (a deleted type keeps its code
         *       reserved) and can never change. A taken code answers 409.
         *     - A non-admin's `codeType` must start with the organization prefix (the organization slug
         *       with `-` replaced by `_`, then `_`, e.g. `acme_`) followed by at least 3 characters;
         *       `isPublic` is forced to false and `source` is `USER`.
         *     - A platform admin needs no prefix, may set `isPublic: true`, and gets `source: ADMIN`
         *       unless the body says `source: USER`.
         *     - `isDraft` defaults to true; `status` is `draft` or `published` and follows `isDraft`.
         *     - `jsonSchema` must compile as a JSON Schema whose root has `type: object` (400 with the
         *       compiler's message otherwise).
         *     Unknown body fields are ignored.
         */
        post: operations["createDocumentType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/document-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        /**
         * Read one document type with its full JSON Schema
         * @description `{id}` is the internal id; a `codeType` there answers 404. Types the caller cannot see
         *     (another organization's private types, deleted types) answer 404.
         */
        get: operations["getDocumentType"];
        /**
         * Update a document type (partial)
         * @description Partial update: omitted fields keep their value; at least one updatable field is
         *     required (400 otherwise). `codeType` is ignored if sent, as are unknown fields.
         *     A snapshot of the type as it was is written before the update, in the same transaction
         *     (see `/versions`). Changing `isDraft` changes `status`. Answers the whole type as a
         *     read does (`jsonSchema`, `conversionSpec`, hints…).
         *     A non-admin may update only types that user created (403 otherwise) and may not set
         *     `isPublic: true` (403). PUT and PATCH behave the same.
         */
        put: operations["updateDocumentType"];
        post?: never;
        /**
         * Delete a document type
         * @description Soft delete by the creator or a platform admin (403 for anyone else who can see it).
         *     The type disappears from every read, listing, validation and step configuration, and its
         *     `codeType` stays reserved: creating another type with it answers 409.
         */
        delete: operations["deleteDocumentType"];
        options?: never;
        head?: never;
        /**
         * Update a document type (partial, same as PUT)
         * @description Partial update: omitted fields keep their value; at least one updatable field is
         *     required (400 otherwise). `codeType` is ignored if sent, as are unknown fields.
         *     A snapshot of the type as it was is written before the update, in the same transaction
         *     (see `/versions`). Changing `isDraft` changes `status`. Answers the whole type as a
         *     read does (`jsonSchema`, `conversionSpec`, hints…).
         *     A non-admin may update only types that user created (403 otherwise) and may not set
         *     `isPublic: true` (403). PUT and PATCH behave the same.
         */
        patch: operations["patchDocumentType"];
        trace?: never;
    };
    "/api/document-types/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        /**
         * List the snapshots taken before each update
         * @description Newest first. Each snapshot holds the whole type as it was before the update numbered
         *     `version` (1 for the first update).
         */
        get: operations["listDocumentTypeVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/document-types/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate data against a type's JSON Schema
         * @description The request body is the raw JSON document to check, with no wrapper; an empty body
         *     validates `{}`. Answers 200 whenever the check runs. Every schema violation is an error
         *     naming the field path (`items[0].price: must be number`); every field the schema does not
         *     declare is a warning. `valid` is true iff `errors.count` is 0.
         */
        post: operations["validateDocumentTypeData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List knowledge bases
         * @description The caller organization's knowledge bases, newest first. `isActive` (default true) lists
         *     active bases, or with `false` the inactive ones. `search` matches name or description,
         *     case-insensitively, with `%` and `_` taken literally. Each entry carries `documentCount`.
         *     Any member may list.
         */
        get: operations["listKnowledgeBases"];
        put?: never;
        /**
         * Create a knowledge base
         * @description Owner or admin only (403 for members). `name`, `description` and `schema` are required
         *     (400 naming each missing one). The name is trimmed, must not be blank, and is unique
         *     within the organization (409 `A knowledge base with this name already exists`).
         *     `schema` must compile as a JSON Schema whose root has `type: object`: every document's
         *     `content` is validated against it. `indexingPreferences` is optional; omitted fields take
         *     their defaults and the stored preferences are complete (read them with GET).
         *     Unknown body fields are ignored.
         */
        post: operations["createKnowledgeBase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        /**
         * Read one knowledge base
         * @description Any member may read. Another organization's base answers 404 like a missing one.
         */
        get: operations["getKnowledgeBase"];
        /**
         * Update a knowledge base (partial)
         * @description Owner or admin only. Omitted fields keep their value; at least one of `name`,
         *     `description`, `schema`, `indexingPreferences`, `isActive` is required (400). A taken
         *     name answers 409. `indexingPreferences` is merged into the stored preferences; when the
         *     result indexes differently, every stored document is re-indexed (text and embeddings) in
         *     the same request. A new `schema` applies to documents written afterwards; stored
         *     documents are not re-validated.
         */
        put: operations["updateKnowledgeBase"];
        post?: never;
        /**
         * Delete a knowledge base and its documents
         * @description Owner or admin only. Deletes the base and every document in it, irreversibly.
         */
        delete: operations["deleteKnowledgeBase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        /**
         * List the documents of a knowledge base
         * @description Newest first. `search` matches the documentId or any text of the content,
         *     case-insensitively; `documentId` selects one document by its exact documentId.
         */
        get: operations["listKnowledgeBaseDocuments"];
        put?: never;
        /**
         * Add one document
         * @description Owner or admin only. `content` is validated against the knowledge base's schema (400
         *     naming each problem, e.g. `content.title: is required`). The document is full-text
         *     indexed and, unless `generateEmbedding` is false, embedded. A documentId already stored
         *     answers 409 (update it with PUT; bulk upload replaces instead). Without `documentId`
         *     quire generates one (a UUID) and answers it.
         */
        post: operations["uploadKnowledgeBaseDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}/documents/bulk-upload": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload many documents, with progress streamed
         * @description Owner or admin only. Between 1 and 10,000 documents per request: none answers 400, more
         *     answers 413 (split larger sets; the JSON body limit also applies). Errors before the
         *     stream starts use `{"error": string, "details": [string]}` (details on 400 only), as the
         *     hosted service does.
         *
         *     The answer is `text/event-stream`; each message is a `data:` line holding one JSON
         *     object, followed by a blank line:
         *     - first `{"type":"connected","message":"Connected to bulk upload stream","timestamp":"<ISO 8601>"}`;
         *     - the documents are processed in batches of 500; after each stage of each batch
         *       `{"type":"progress","stage":"validation"|"preparation"|"embedding"|"insertion","batch":i,"batches":n,"processed":k,"total":N}`,
         *       where `processed` counts the request's documents in batches 1..i;
         *     - for each rejected document `{"type":"document_error","documentId":string|null,"index":i,"errors":[string]}`
         *       (`index` is its position in `documents`): an item needs a non-empty `documentId`
         *       (at most 255 characters, not `.` or `..`, which URLs read as path steps) and an object `content` that satisfies the knowledge base's
         *       schema; `metadata`, when present, is an object; a documentId repeated within one
         *       request is rejected after its first occurrence;
         *     - last `{"type":"complete","total":N,"created":c,"updated":u,"failed":f,"durationMs":ms}`,
         *       or, when a batch cannot be stored (e.g. the embeddings endpoint fails),
         *       `{"type":"error","message":string,"total":N,"created":c,"updated":u,"failed":f}`;
         *       batches stored before it stay stored.
         *
         *     A batch is inserted in one transaction. A documentId already stored is replaced
         *     (content, metadata and index; absent metadata becomes `{}`) and counted as updated.
         *     A comment line (`: heartbeat`) is sent every 15 s while work continues. The upload is
         *     accepted once the `connected` message is sent: it finishes even if the client
         *     disconnects.
         */
        post: operations["bulkUploadKnowledgeBaseDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
                /**
                 * @description The document's `documentId` (the caller's identifier), or quire's `id` for it when no
                 *     document has that documentId.
                 */
                documentId: components["parameters"]["KnowledgeBaseDocumentKey"];
            };
            cookie?: never;
        };
        /** Read one document */
        get: operations["getKnowledgeBaseDocument"];
        /**
         * Update one document (partial)
         * @description Owner or admin only. Send `content`, `metadata` or `regenerateEmbedding: true` (400
         *     otherwise). New `content` is validated against the schema and re-indexed and
         *     re-embedded; `metadata` replaces the stored metadata; `regenerateEmbedding: true`
         *     re-embeds the stored content (e.g. after the embedding endpoint changed its model).
         */
        put: operations["updateKnowledgeBaseDocument"];
        post?: never;
        /**
         * Delete one document
         * @description Owner or admin only.
         */
        delete: operations["deleteKnowledgeBaseDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        /**
         * Search a knowledge base
         * @description Any member may search. Ranks documents by a hybrid score in 0..1: embedding
         *     similarity (cosine of the query with the document's best chunk) combined with
         *     PostgreSQL full-text relevance (share of the query's terms the document contains, and
         *     `ts_rank`): `similarity = 1 − (1 − cosine) · (1 − 0.9 · lexical)` with
         *     `lexical = 0.8 · coverage + 0.2 · ts_rank / best ts_rank`. A document holding every
         *     query term scores at least 0.9. Results below `similarityThreshold` (default 0.7) are
         *     left out; at most `limit` (1-50, default 10) are returned, best first.
         *     `includeMetadata: false` leaves `metadata` out of each document. The answer is not
         *     wrapped in `data` alone: `{data, query, resultsCount}`.
         */
        get: operations["searchKnowledgeBaseGet"];
        put?: never;
        /**
         * Search a knowledge base (parameters in a JSON body)
         * @description Any member may search. Ranks documents by a hybrid score in 0..1: embedding
         *     similarity (cosine of the query with the document's best chunk) combined with
         *     PostgreSQL full-text relevance (share of the query's terms the document contains, and
         *     `ts_rank`): `similarity = 1 − (1 − cosine) · (1 − 0.9 · lexical)` with
         *     `lexical = 0.8 · coverage + 0.2 · ts_rank / best ts_rank`. A document holding every
         *     query term scores at least 0.9. Results below `similarityThreshold` (default 0.7) are
         *     left out; at most `limit` (1-50, default 10) are returned, best first.
         *     `includeMetadata: false` leaves `metadata` out of each document. The answer is not
         *     wrapped in `data` alone: `{data, query, resultsCount}`.
         */
        post: operations["searchKnowledgeBasePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-index a knowledge base's documents (a job)
         * @description Owner or admin only. Starts a sync, a job that re-indexes every document of the base
         *     with its current `indexingPreferences`: the full-text index is always rebuilt; the
         *     embeddings are made again when `regenerateEmbeddings` or `force` is true, or when the
         *     embedding settings (provider, model, endpoint) differ from those of the last completed
         *     sync (a base's first sync re-embeds). Documents stored without an embedding stay
         *     without one. quire has no external sources: `syncExternalSources` is accepted and
         *     ignored. Answers 202 with the sync as it started; read its progress back with
         *     `GET /api/knowledge-bases/{id}/sync/{syncId}`. The body may be omitted.
         */
        post: operations["syncKnowledgeBase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/knowledge-bases/{id}/sync/{syncId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
                /** @description The `syncId` the sync answered. */
                syncId: string;
            };
            cookie?: never;
        };
        /**
         * A sync's status and what it did
         * @description Any member may read. `status` is `started` until the job ends `completed` or `failed`.
         */
        get: operations["getKnowledgeBaseSync"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's steps
         * @description Newest first (creation time). `search` matches name or description, case-insensitively,
         *     with `%` and `_` taken literally. Inactive steps are listed too. Any member may list.
         */
        get: operations["listSteps"];
        put?: never;
        /**
         * Create a step
         * @description Owner or admin only (403 for members). `name` is trimmed, then must have 1-255
         *     characters. `identification.types` lists the document type codes automatic
         *     identification chooses among; omitted or `[]` means every type the organization can
         *     access. Every code must be a **published** type of this organization or a public one;
         *     drafts are refused whoever owns them. Otherwise 400 with the codes in
         *     `inaccessibleTypes`, and nothing is created. Duplicate codes are collapsed.
         *     Unknown fields (`aiModelConfig`, `webhookUrl`…) are ignored.
         */
        post: operations["createStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/steps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The step's id. */
                id: components["parameters"]["StepId"];
            };
            cookie?: never;
        };
        /**
         * Read one step
         * @description Same fields as a list entry. Any member may read; inactive steps are readable.
         */
        get: operations["getStep"];
        put?: never;
        post?: never;
        /**
         * Delete a step and its execution history
         * @description Owner or admin only. Deletes the step and every execution of it, irreversibly, in one
         *     transaction. Refused with 409 while executions are enqueued, processing or uploading
         *     (an upload that started more than 15 minutes ago no longer counts); the body then
         *     carries `activeExecutions`. The check and the delete are atomic against new
         *     executions. When executions are being created so fast that the step cannot be locked
         *     within 5 seconds, the 409 has no `activeExecutions`.
         */
        delete: operations["deleteStep"];
        options?: never;
        head?: never;
        /**
         * Update a step (partial)
         * @description Owner or admin only. Omitted fields keep their value; at least one of `name`,
         *     `description`, `isActive`, `identification.types` is required (a body with only unknown
         *     fields is 400). All or nothing: identification is checked before anything is written,
         *     and a rejected identification change discards the other fields of the request.
         *
         *     `identification.types` replaces the whole list; a non-empty list turns automatic
         *     identification on and replaces a fixed document type. Codes already configured on the
         *     step are accepted even if no longer accessible; adding an inaccessible code is 400
         *     (`inaccessibleTypes`). An empty list on a step without automatic identification (a
         *     fixed-type step, or one switched off with `npx quire step configure`) is 409; on any
         *     other step it widens it to every accessible type.
         *
         *     Writes that include `identification.types` are version-guarded: the step is re-read,
         *     re-checked and retried when another write changed its configuration in between, and
         *     409 is answered only under sustained contention. Writes of only `name`, `description`
         *     or `isActive` are applied directly; the last one wins.
         */
        patch: operations["updateStep"];
        trace?: never;
    };
    "/api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Monthly processing counts
         * @description How many executions of the organization (step runs, identifications and conversions)
         *     ended in `SUCCESS` in a calendar month (UTC), and how many pages their documents had.
         *     `year` and `month` go together; without both, the current month. Any member may read it.
         */
        get: operations["getMonthlyUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/steps-async/{stepId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the step to run. */
                stepId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a step on one document (asynchronous)
         * @description Runs the step's pipeline (conversion, then identification when the step identifies
         *     automatically, extraction with the document type's JSON Schema, validation) on one
         *     document, always asynchronously. Answers 202 once the document is stored and the run is
         *     enqueued; poll `status_url` or receive the `STEP_*` webhook events.
         *
         *     Send exactly one source (see `DocumentUpload`). A multipart file is streamed into storage
         *     as it arrives; meanwhile the execution exists in its uploading phase (which blocks the
         *     step's deletion). An inactive, missing or foreign step is 404 and nothing is stored.
         *     Submitting the same document twice runs it twice.
         */
        post: operations["executeStepAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/steps-async/status/{executionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The execution's id (`id` in the 202 answer). */
                executionId: components["parameters"]["ExecutionId"];
            };
            cookie?: never;
        };
        /**
         * Status of a step execution
         * @description Every field is always present (`null` when it does not apply yet). `data` is the
         *     extracted result once `status` is `SUCCESS`; `error` a message a user can act on once it
         *     is `ERROR`. `identification` is set when the step identified the document type
         *     automatically. An execution of another organization is 404.
         */
        get: operations["getStepExecutionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/identify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Identify a document's type (waits for the result)
         * @description Identifies which document type the document is, among `document_type_code_options`
         *     (published types the organization can access: its own or public). Without options, or
         *     with an empty list, every accessible published type is a candidate. Codes the
         *     organization may not use are 403, naming them. Runs through the same job queue as the
         *     asynchronous form and emits the same `IDENTIFICATION_*` events; the request waits for
         *     the result (up to 5 minutes, then 504 with `status_url` to poll). A document that cannot
         *     be converted or identified is 422 with the reason.
         */
        post: operations["identifyDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/identify-async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Identify a document's type (asynchronous)
         * @description Same input and rules as `POST /api/identify`; answers 202 at once. Poll `status_url` or
         *     receive the `IDENTIFICATION_*` webhook events.
         */
        post: operations["identifyDocumentAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/identify-async/status/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from the 202 answer. */
                id: components["parameters"]["ProcessingId"];
            };
            cookie?: never;
        };
        /**
         * Status of an identification
         * @description Every field is always present (`null` when it does not apply yet). `document_type` and
         *     `alternatives` are set once `status` is `SUCCESS`. An identification of another
         *     organization is 404.
         */
        get: operations["getIdentificationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract a document's fields with a given type (waits for the result)
         * @description Converts the document and extracts the fields of the document type
         *     `document_type_code` (required): a published type the organization can access, or one
         *     of its own drafts, so a type can be tried before it is published; anything else is 404.
         *     Runs through the job queue and emits the `CONVERSION_*` events; the request waits for
         *     the result (up to 5 minutes, then 504 with `status_url`). A document that cannot be
         *     converted is 422 with the reason.
         */
        post: operations["convertDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/convert-async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract a document's fields with a given type (asynchronous)
         * @description Same input and rules as `POST /api/convert`; answers 202 at once. Poll `status_url` or
         *     receive the `CONVERSION_*` webhook events.
         */
        post: operations["convertDocumentAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/convert-async/status/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from the 202 answer. */
                id: components["parameters"]["ProcessingId"];
            };
            cookie?: never;
        };
        /**
         * Status of a conversion
         * @description Every field is always present (`null` when it does not apply yet). A conversion of
         *     another organization is 404.
         */
        get: operations["getConversionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the organization's retention policy
         * @description Owner only.
         */
        get: operations["getRetentionPolicy"];
        /**
         * Replace the organization's retention policy
         * @description Owner only. A field left out or null keeps that content for good. Executions that ended
         *     longer ago than a new, shorter period lose that content at the next hourly run; a
         *     deletion cannot be undone by lengthening the period afterwards.
         */
        put: operations["putRetentionPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the organization's webhook endpoint
         * @description Owner or admin only, like every webhook configuration operation (a member gets 403:
         *     the endpoint's URL is configuration, not data). The secret is never part of a read, whoever asks: it is shown once,
         *     in the answer that creates the endpoint or rotates the secret (rotate to replace a lost
         *     one). `enabled` is false after 3 days of failures with no success; `disabledReason`
         *     then says why, and a PUT enables it again.
         */
        get: operations["getWebhookEndpoint"];
        /**
         * Create the webhook endpoint, or change its URL
         * @description Owner or admin only. `url` must be an absolute http or https URL without a user name or
         *     password (400 otherwise). Creating answers 201 with the new `secret` (`whsec_…`, shown
         *     this once); changing the URL of an existing endpoint answers 200 and keeps the secret.
         *     Either way the endpoint is enabled again and its failure clock restarts. Whether the
         *     address is reachable and allowed is checked at each delivery, not here: private,
         *     loopback, link-local and metadata addresses are refused then (and the attempt logged)
         *     unless the server runs with `WEBHOOK_ALLOW_PRIVATE_TARGETS=true`. Events of executions
         *     started before an endpoint existed are not sent.
         */
        put: operations["putWebhookEndpoint"];
        post?: never;
        /**
         * Remove the webhook endpoint
         * @description Owner or admin only. Events are still recorded but no longer delivered; deliveries still
         *     pending end `FAILED` ("the webhook endpoint was deleted") and can be replayed once an
         *     endpoint is configured again. `data.id` is the organization's id.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoint/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description Owner or admin only. Answers the new secret (shown this once). For the next 24 hours
         *     (`previousSecretExpiresAt`) every delivery carries two signatures in `webhook-signature`,
         *     one per secret, so a receiver verifies with either while it switches. Rotating again
         *     within those 24 hours drops the oldest secret.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log
         * @description Newest first. One delivery per event sent to the endpoint, each with its attempts (the
         *     last 20; `attempts` counts them all): time, URL, HTTP status, latency, the first 2 KiB
         *     of the response body and the error in words (`the receiver answered 500`,
         *     `timed out after 15000 ms`, `connection refused`, `redirect not followed (302 to …)`,
         *     `refused: … resolves to a private or local network address …`). Any member may read.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (from the delivery log). */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Owner or admin only. Replays a finished delivery (`DELIVERED` or `FAILED`) to the
         *     current endpoint with the same `webhook-id` and body (a fresh timestamp and signature),
         *     on a fresh retry schedule. 409 while it is still `PENDING`, when no endpoint is
         *     configured, or when the endpoint is disabled. The body is unused.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Exactly one of `url`/`image_url` or `base64`/`image_base64`. */
        DocumentUploadJson: {
            /** @description An http(s) URL quire downloads the document from. */
            url?: string;
            /** @description Alias of `url` (the hosted service's SDKs send this name). */
            image_url?: string;
            /** @description The document, base64-encoded, raw or as a `data:<type>;base64,` URI. */
            base64?: string;
            /** @description Alias of `base64`. */
            image_base64?: string;
            /** @description The document's MIME type; detected from the bytes when absent. A data URI's type is used when this is absent. */
            content_type?: string;
            /** @description Alias of `content_type`. */
            image_content_type?: string;
            /** @description Your own metadata, returned as is in status responses and events (an object, or a JSON string of one). */
            document_metadata?: Record<string, unknown> | string | null;
            /** @description Convert only (required there) — the document type whose fields are extracted. */
            document_type_code?: string;
            /** @description Identify only — candidate type codes (an array, or a JSON string of one). Absent or empty means every published type the organization can access. */
            document_type_code_options?: string[] | string | null;
            /** @description Where this execution's events go besides the organization's endpoint (see `DocumentUpload`). */
            webhook_url?: string;
        };
        /** @description The file in `file` or `image`; the other fields as text parts (objects and arrays JSON-encoded). */
        DocumentUploadForm: {
            /** Format: binary */
            file?: string;
            /**
             * Format: binary
             * @description Alias of `file` (the hosted service's SDKs send this name for every format).
             */
            image?: string;
            content_type?: string;
            image_content_type?: string;
            /** @description A JSON object, encoded as a string. */
            document_metadata?: string;
            document_type_code?: string;
            /** @description A JSON array of codes, encoded as a string (a comma-separated list is accepted too). */
            document_type_code_options?: string;
            /** @description Where this execution's events go besides the organization's endpoint. */
            webhook_url?: string;
        };
        /** @enum {string} */
        ExecutionStatusValue: "ENQUEUED" | "PROCESSING" | "SUCCESS" | "ERROR";
        TypeMatch: {
            code: string;
            name: string;
            confidence: number;
        };
        /** @description The automatic identification of a step execution. */
        ExecutionIdentification: {
            document_type: components["schemas"]["TypeMatch"];
            confidence: number;
            alternatives: components["schemas"]["TypeMatch"][];
        };
        /**
         * @description The fields every status body carries, `null` when they do not apply (yet).
         *     `request_timestamp` is when the document was submitted, `response_timestamp` when the
         *     execution reached `SUCCESS` or `ERROR`. `execution_id` and `conversion_id` repeat `id`
         *     (the hosted service's clients read one or the other).
         */
        ExecutionStatusFields: {
            id: string;
            execution_id: string;
            conversion_id: string;
            status: components["schemas"]["ExecutionStatusValue"];
            /** @description Absolute URL of this status resource. */
            status_url: string;
            /** @description The extracted fields when `SUCCESS`. */
            data: Record<string, unknown> | null;
            /** @description Why the execution failed, when `ERROR`. */
            error: string | null;
            original_filename: string | null;
            document_metadata: Record<string, unknown> | null;
            /** Format: date-time */
            request_timestamp: string;
            /** Format: date-time */
            response_timestamp: string | null;
            step_id: string | null;
            step_name: string | null;
            identification: components["schemas"]["ExecutionIdentification"] | null;
            /** @description The extracted data checked against the type's JSON Schema, when extraction ran. */
            validation: components["schemas"]["ValidationResult"] | null;
            /** @description How the `data` was found, when an extraction succeeded: the engine and, per extracted value, a confidence and where in the document it was read. `null` for identifications, failed executions and executions still running. */
            extraction: components["schemas"]["ExtractionEvidence"] | null;
            content_expired?: components["schemas"]["ContentExpired"];
        };
        /**
         * @description Present only once the organization's retention policy (`/api/retention`) has deleted
         *     content of this execution. The status keeps answering: after the document's bytes are
         *     deleted nothing changes but this field; after the results are deleted `data`,
         *     `identification` and `validation` are null and `extraction.fields` is empty.
         */
        ContentExpired: {
            /**
             * Format: date-time
             * @description When the submitted document's bytes were deleted; null while they are kept.
             */
            document_deleted_at: string | null;
            /**
             * Format: date-time
             * @description When the results were deleted; null while they are kept.
             */
            results_deleted_at: string | null;
            /** @example This execution's content has expired: its document was deleted on 2026-03-01T04:00:00.000Z, under the organization's retention policy */
            message: string;
        };
        ExtractionEvidence: {
            /**
             * @description `offline`: quire's own rules over the document text (the default; nothing leaves the server). `llm`: the OpenAI-compatible model configured with `LLM_BASE_URL`.
             * @enum {string}
             */
            engine: "offline" | "llm";
            /** @description One entry per extracted leaf value (strings, numbers, booleans), in the order of `data`. */
            fields: components["schemas"]["FieldEvidence"][];
        };
        FieldEvidence: {
            /**
             * @description JSON Pointer of the value in `data`, e.g. `/invoice_number` or `/items/0/amount`.
             * @example /items/0/amount
             */
            path: string;
            /** @description How sure the engine is that this is the value the schema asks for. */
            confidence: number;
            /** @description The 1-based page the value was read from; `null` when it could not be tied to the text. */
            page: number | null;
            /** @description Offset (UTF-16 code units) of the value's source text in that page's converted text. */
            start: number | null;
            /** @description Offset just after the value's source text (exclusive). */
            end: number | null;
            /** @description The source text itself, as printed in the document (before parsing). */
            text: string | null;
        };
        StepExecutionAccepted: {
            id: string;
            execution_id: string;
            /** @constant */
            status: "ENQUEUED";
            step_id: string;
            step_name: string;
            status_url: string;
        };
        StepExecutionStatus: components["schemas"]["ExecutionStatusFields"] & {
            /** @description The document type the data was extracted with (fixed, or identified). */
            document_type_code: string | null;
        };
        IdentificationOutcome: {
            identification_id: string;
            /** @constant */
            status: "SUCCESS";
            document_type: components["schemas"]["TypeMatch"];
            alternatives: components["schemas"]["TypeMatch"][];
        };
        IdentificationAccepted: {
            id: string;
            identification_id: string;
            /** @constant */
            status: "ENQUEUED";
            status_url: string;
            document_type_code_options: string[];
        };
        IdentificationStatus: components["schemas"]["ExecutionStatusFields"] & {
            identification_id: string;
            document_type_code_options: string[];
            document_type: components["schemas"]["TypeMatch"] | null;
            alternatives: components["schemas"]["TypeMatch"][] | null;
        };
        ConversionOutcome: {
            data: Record<string, unknown>;
            extraction: components["schemas"]["ExtractionEvidence"];
            conversion_id: string;
            /** @constant */
            status: "SUCCESS";
            document_type_code: string;
            validation: components["schemas"]["ValidationResult"];
        };
        ConversionAccepted: {
            id: string;
            conversion_id: string;
            /** @constant */
            status: "ENQUEUED";
            status_url: string;
            document_type_code: string;
        };
        ConversionStatus: components["schemas"]["ExecutionStatusFields"] & {
            document_type_code: string;
        };
        Step: {
            /** @description Used to execute the step (`POST /api/steps-async/{stepId}`). */
            id: string;
            name: string;
            description: string | null;
            /** @description Whether the step can be executed. An inactive step stays listed and readable. */
            isActive: boolean;
            identification: {
                /**
                 * @description With automatic identification on, `[]` means every document type the organization
                 *     can access. A step with a fixed document type reads `[]`. Codes of deleted types
                 *     are left out.
                 */
                types: string[];
            };
            /** @description Executions started in the last 30 days. */
            executions30d: number;
            /**
             * Format: date-time
             * @description Start of the latest execution.
             */
            lastRunAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Id of the user who created the step (null if that user was removed). */
            createdBy: string | null;
        };
        StepIdentificationInput: {
            /** @description Document type codes; duplicates are collapsed. */
            types?: string[];
        };
        StepCreate: {
            /** @description Trimmed before storing; 1-255 characters after trimming. */
            name: string;
            description?: string | null;
            /** @description Default true (stated here rather than as `default`, so a generated client does not require it). */
            isActive?: boolean;
            identification?: components["schemas"]["StepIdentificationInput"];
        };
        StepUpdate: {
            /** @description Trimmed before storing; 1-255 characters after trimming. */
            name?: string;
            description?: string | null;
            isActive?: boolean;
            identification?: components["schemas"]["StepIdentificationInput"];
        };
        Error: {
            message: string;
            errors?: string[];
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        Readiness: {
            /** @constant */
            status: "ready";
            /** @constant */
            database: "ok";
        };
        AuthOk: {
            /** @constant */
            ok: true;
            user: {
                id: string;
                email: string;
                isPlatformAdmin: boolean;
            };
            organization: {
                id: string;
                slug: string;
                name: string;
            };
            role: components["schemas"]["Role"];
        };
        /** @enum {string} */
        Role: "owner" | "admin" | "member";
        Pagination: {
            total: number;
            page: number;
            limit: number;
        };
        Deleted: {
            id: string;
            /** @constant */
            deleted: true;
        };
        /**
         * @description A JSON Schema whose root is `type: object`; its properties each have a type (string,
         *     number, integer, boolean, array, object) and optionally a description or format (e.g.
         *     `date`); arrays declare `items`. `pattern` and `patternProperties` run on a
         *     linear-time (RE2) engine, so no pattern can stall validation; backreferences and
         *     lookarounds are therefore refused with a 400 naming the pattern. Extracted dates come
         *     out as ISO 8601 (`2024-11-01`) when the property asks for it (`format: date`, a
         *     `pattern`, or "ISO"/"YYYY" in its description); a date asked for as a plain string is
         *     returned as the document prints it (`November 1, 2024`).
         */
        JsonSchemaObject: {
            [key: string]: unknown;
        };
        /**
         * @description Prompt format used by the LLM engine.
         * @enum {string}
         */
        ConversionMode: "json" | "toon" | "multi_prompt";
        ConversionSpecColumn: {
            header: string;
            /** @description Where the column's value is in the extracted data (e.g. `$.items[*].price`). */
            jsonPath?: string;
            /** @enum {string} */
            type?: "data" | "formula";
            formula?: string;
        };
        ConversionSpec: {
            columns: components["schemas"]["ConversionSpecColumn"][];
        } | {
            sheets: {
                name: string;
                columns: components["schemas"]["ConversionSpecColumn"][];
            }[];
        };
        /**
         * @description Follows `isDraft`.
         * @enum {string}
         */
        DocumentTypeStatus: "draft" | "published";
        /** @enum {string} */
        DocumentTypeSource: "USER" | "ADMIN";
        /** @description The fields every document-type answer has (spec 4.3). */
        DocumentTypeSummary: {
            id: string;
            codeType: string;
            name: string;
            description: string;
            isPublic: boolean;
            isDraft: boolean;
            status: components["schemas"]["DocumentTypeStatus"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description A document type as listed (everything but the schema). */
        DocumentTypeListItem: components["schemas"]["DocumentTypeSummary"] & {
            source: components["schemas"]["DocumentTypeSource"];
            promptHints: string | null;
            identifyPromptHints: string | null;
            conversionMode: components["schemas"]["ConversionMode"];
            keepPropertyOrdering: boolean;
        };
        /**
         * @description A document type with its full JSON Schema and conversion spec: what a read, a create and
         *     an update answer (a superset of the hosted service's create/update fields, so a client
         *     sees what it stored, e.g. `conversionSpec` echoed, or `null` after clearing it).
         */
        DocumentType: components["schemas"]["DocumentTypeListItem"] & {
            jsonSchema: components["schemas"]["JsonSchemaObject"];
            conversionSpec: components["schemas"]["ConversionSpec"] | null;
        };
        DocumentTypeCreate: {
            name: string;
            codeType: string;
            description: string;
            jsonSchema: components["schemas"]["JsonSchemaObject"];
            /** @description Default true. */
            isDraft?: boolean;
            /** @description Default false. Only a platform admin can make a type public; for anyone else it is forced to false. */
            isPublic?: boolean;
            /** @description Honoured for platform admins only (default `ADMIN`); others always get `USER`. */
            source?: components["schemas"]["DocumentTypeSource"];
            promptHints?: string | null;
            identifyPromptHints?: string | null;
            /** @description Default `json`. */
            conversionMode?: components["schemas"]["ConversionMode"];
            /** @description Default false. */
            keepPropertyOrdering?: boolean;
            /**
             * @description Spreadsheet layout of the extracted data, as the hosted service's SDKs send it: a list
             *     of columns, or named sheets of columns. On update, absent keeps the stored value and
             *     `null` clears it.
             */
            conversionSpec?: components["schemas"]["ConversionSpec"] | null;
        };
        DocumentTypeUpdate: {
            name?: string;
            /** @description Ignored; a codeType never changes. */
            codeType?: string;
            description?: string;
            jsonSchema?: components["schemas"]["JsonSchemaObject"];
            isDraft?: boolean;
            /** @description Only a platform admin may set true (403 otherwise). */
            isPublic?: boolean;
            promptHints?: string | null;
            identifyPromptHints?: string | null;
            conversionMode?: components["schemas"]["ConversionMode"];
            keepPropertyOrdering?: boolean;
            /**
             * @description Spreadsheet layout of the extracted data, as the hosted service's SDKs send it: a list
             *     of columns, or named sheets of columns. On update, absent keeps the stored value and
             *     `null` clears it.
             */
            conversionSpec?: components["schemas"]["ConversionSpec"] | null;
        };
        DocumentTypeVersion: {
            id: string;
            version: number;
            /** Format: date-time */
            createdAt: string;
            /** @description Id of the user whose update took this snapshot. */
            createdBy: string | null;
            snapshot: components["schemas"]["DocumentType"];
        };
        ValidationMessages: {
            count: number;
            messages: string[];
        };
        ValidationResult: {
            valid: boolean;
            errors: components["schemas"]["ValidationMessages"];
            warnings: components["schemas"]["ValidationMessages"];
        };
        /** @description The error body of bulk upload, as the hosted service sends it. */
        BulkUploadError: {
            error: string;
            details?: string[];
        };
        /**
         * @description How documents are indexed. `contentFields`: which fields of `content` are embedded and
         *     full-text indexed, as dot paths (`title`, `customer.name`); null means every field, in
         *     the document's order. Texts longer than `chunkSize` characters are cut into chunks
         *     overlapping by `chunkOverlap` characters, each embedded on its own (a document's
         *     similarity is its best chunk's). `embeddingProvider` `local` is quire's built-in
         *     lexical embedding (model `quire-lexical-v1`, 256 dimensions, offline);
         *     `openai-compatible` uses the server's `EMBEDDINGS_BASE_URL` with `embeddingModel`.
         */
        IndexingPreferences: {
            contentFields: string[] | null;
            chunkSize: number;
            chunkOverlap: number;
            /** @enum {string} */
            embeddingProvider: "local" | "openai-compatible";
            embeddingModel: string;
        };
        /**
         * @description Any subset of the indexing preferences; the rest keep their current value (defaults on
         *     create: every field, chunks of 2000 characters overlapping by 200, the
         *     `openai-compatible` provider with `EMBEDDINGS_MODEL` when `EMBEDDINGS_BASE_URL` is set,
         *     else `local`). `chunkOverlap` must be smaller than `chunkSize`; the `local` provider has
         *     one model; `openai-compatible` needs `EMBEDDINGS_BASE_URL`. Unknown fields are refused.
         */
        IndexingPreferencesInput: {
            contentFields?: string[] | null;
            chunkSize?: number;
            chunkOverlap?: number;
            /** @enum {string} */
            embeddingProvider?: "local" | "openai-compatible";
            embeddingModel?: string;
        };
        /** @description The shape create answers with (spec 4.1). */
        KnowledgeBaseCreated: {
            id: string;
            name: string;
            description: string;
            schema: components["schemas"]["JsonSchemaObject"];
            isActive: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A listed knowledge base (spec 4.1). */
        KnowledgeBaseListItem: {
            id: string;
            name: string;
            description: string;
            isActive: boolean;
            /** Format: date-time */
            createdAt: string;
            documentCount: number;
        };
        /** @description A knowledge base read on its own or updated. */
        KnowledgeBase: components["schemas"]["KnowledgeBaseCreated"] & {
            /** Format: date-time */
            updatedAt: string;
            documentCount: number;
            indexingPreferences: components["schemas"]["IndexingPreferences"];
        };
        KnowledgeBaseCreate: {
            name: string;
            description: string;
            schema: components["schemas"]["JsonSchemaObject"];
            indexingPreferences?: components["schemas"]["IndexingPreferencesInput"];
        };
        KnowledgeBaseUpdate: {
            name?: string;
            description?: string;
            schema?: components["schemas"]["JsonSchemaObject"];
            indexingPreferences?: components["schemas"]["IndexingPreferencesInput"];
            isActive?: boolean;
        };
        KnowledgeBaseDocument: {
            id: string;
            documentId: string;
            content: {
                [key: string]: unknown;
            };
            /** @description Always present, except in search results asked for with `includeMetadata: false`. */
            metadata?: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        KnowledgeBaseDocumentCreate: {
            /**
             * @description Your identifier for the document. Optional: when it is missing quire generates one
             *     (a UUID) and the answer carries it (the Node SDK sends none). It is addressed as one
             *     path segment of `/api/knowledge-bases/{id}/documents/{documentId}` (percent-encode
             *     it). `.` and `..` are refused (400): URLs read them as path steps, so such a document
             *     could not be addressed. Paths with a `.` or `..` segment, also percent-encoded, answer 400.
             */
            documentId?: string;
            /** @description Validated against the knowledge base's schema. */
            content: {
                [key: string]: unknown;
            };
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Default true; false stores the document for full-text search only. */
            generateEmbedding?: boolean;
        };
        KnowledgeBaseDocumentUpdate: {
            content?: {
                [key: string]: unknown;
            };
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Default false; true re-embeds the stored content. */
            regenerateEmbedding?: boolean;
        };
        BulkUploadRequest: {
            /**
             * @description 1 to 10,000 objects (none, or an item that is not an object, answers 400; more
             *     than 10,000 answers 413). The fields of each item are checked on their own while the
             *     stream runs, and a bad one is reported as a `document_error` without stopping the
             *     others.
             */
            documents: {
                /** @description Required; a non-empty string of at most 255 characters, chosen by the caller. */
                documentId?: unknown;
                /** @description Required; an object valid against the knowledge base's schema. */
                content?: unknown;
                /** @description Optional; an object. */
                metadata?: unknown;
            }[];
        };
        KnowledgeBaseSyncRequest: {
            /** @description Re-embed every embedded document (as `regenerateEmbeddings`). Default false. */
            force?: boolean;
            /** @description Re-embed every embedded document. Default false. */
            regenerateEmbeddings?: boolean;
            /** @description Accepted for the hosted service's SDKs; quire has no external sources. */
            syncExternalSources?: boolean;
        };
        KnowledgeBaseSync: {
            syncId: string;
            /** @enum {string} */
            status: "started" | "completed" | "failed";
            /** @description Documents re-indexed. */
            documentsProcessed: number;
            /** @description Documents whose embedding was made again. */
            embeddingsGenerated: number;
            /** @description Why a failed sync failed. */
            errors: string[];
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            completedAt: string | null;
        };
        KnowledgeBaseSearchRequest: {
            query: string;
            /** @description Default 10. */
            limit?: number;
            /** @description Default 0.7. */
            similarityThreshold?: number;
            /** @description Default true. */
            includeMetadata?: boolean;
        };
        KnowledgeBaseSearchResult: {
            data: {
                document: components["schemas"]["KnowledgeBaseDocument"];
                similarity: number;
            }[];
            query: string;
            resultsCount: number;
        };
        /** @enum {string} */
        WebhookEventName: "IDENTIFICATION_STARTED" | "IDENTIFICATION_COMPLETED" | "IDENTIFICATION_FAILED" | "STEP_STARTED" | "STEP_COMPLETED" | "STEP_FAILED" | "CONVERSION_STARTED" | "CONVERSION_COMPLETED" | "CONVERSION_FAILED";
        /**
         * @description `PENDING`: not acknowledged yet, an attempt is due at `nextAttemptAt`; `DELIVERED`: a
         *     receiver answered 2xx; `FAILED`: given up (3 days of failures, the endpoint deleted or
         *     disabled). Finished deliveries can be replayed.
         * @enum {string}
         */
        WebhookDeliveryStatus: "PENDING" | "DELIVERED" | "FAILED";
        RetentionPolicyPut: {
            /** @description Days after an execution ends that its document's bytes are deleted; null keeps them. */
            documentRetentionDays?: number | null;
            /** @description Days after an execution ends that its results are deleted; null keeps them. */
            resultRetentionDays?: number | null;
        };
        RetentionPolicy: {
            documentRetentionDays: number | null;
            resultRetentionDays: number | null;
            /**
             * Format: date-time
             * @description When the policy was last set; null if it never was.
             */
            updatedAt: string | null;
        };
        WebhookEndpointPut: {
            /** @description Where events are POSTed; http or https. */
            url: string;
        };
        /**
         * @example {
         *       "organizationId": "6f1c2a5e-3b8d-4c1e-9a7f-2d4b6c8e0a11",
         *       "url": "https://hooks.example.com/quire",
         *       "enabled": true,
         *       "disabledAt": null,
         *       "disabledReason": null,
         *       "lastSuccessAt": "2026-11-22T06:00:00.000Z",
         *       "failingSince": null,
         *       "previousSecretExpiresAt": null,
         *       "createdAt": "2026-11-20T09:00:00.000Z",
         *       "updatedAt": "2026-11-20T09:00:00.000Z"
         *     }
         */
        WebhookEndpoint: {
            /** Format: uuid */
            organizationId: string;
            url: string;
            /** @description False once the endpoint failed for 3 days without a success; a PUT enables it. */
            enabled: boolean;
            /** Format: date-time */
            disabledAt: string | null;
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description The last acknowledged delivery, to the minute (not rewritten by every delivery).
             */
            lastSuccessAt: string | null;
            /**
             * Format: date-time
             * @description The first failure since the last success; null while deliveries succeed.
             */
            failingSince: string | null;
            /**
             * Format: date-time
             * @description Until then the secret before the last rotation also signs.
             */
            previousSecretExpiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        WebhookEndpointWithSecret: components["schemas"]["WebhookEndpoint"] & {
            /**
             * @description The Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes
             *     (the HMAC key is the decoded bytes). Shown only here.
             */
            secret: string;
        };
        WebhookAttempt: {
            /** Format: date-time */
            attemptedAt: string;
            url: string;
            /** @description Null when no response came (timeout, connection error, refused address). */
            statusCode: number | null;
            latencyMs: number;
            /** @description The first 2 KiB of the response body. */
            responseBody: string | null;
            /** @description Why the attempt was not an acknowledgement; null when it was. */
            error: string | null;
        };
        WebhookDelivery: {
            id: string;
            /** @description The `webhook-id` header, the same on every attempt and replay. */
            webhookId: string;
            event: components["schemas"]["WebhookEventName"];
            eventId: string;
            executionId: string | null;
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempts: number;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** Format: date-time */
            lastAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /** Format: date-time */
            deliveredAt: string | null;
            /** Format: date-time */
            createdAt: string;
            attemptLog: components["schemas"]["WebhookAttempt"][];
        };
    };
    responses: {
        /**
         * @description The request is invalid: no document source or more than one, invalid base64, a URL that
         *     cannot be downloaded (`Error accessing URL: 404 Not Found`, `URL download timeout (30000ms)`,
         *     a private address), malformed multipart, or a field of the wrong shape.
         */
        UploadRejected: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Validation error",
                 *       "errors": [
                 *         "Send exactly one document source: a file part, url, image_url, base64 or image_base64 (got file and url)"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The document is larger than `MAX_UPLOAD_BYTES`; nothing was kept. */
        DocumentTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "File exceeds maximum allowed size (100MB)"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is neither `multipart/form-data` nor `application/json`. */
        UploadUnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unsupported Content-Type. Use multipart/form-data or application/json."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The document could not be processed (for example an unsupported format, a corrupt or
         *     encrypted file, or an image with no legible text). `message` and `error` give the reason;
         *     the execution is kept with status `ERROR` under `id`.
         */
        ProcessingFailed: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unsupported document format: application/zip",
                 *       "id": "9b2f6c1e-8a51-4a57-9c1e-3b5c1c3f0d11",
                 *       "status": "ERROR",
                 *       "error": "Unsupported document format: application/zip"
                 *     }
                 */
                "application/json": {
                    message: string;
                    id: string;
                    /** @constant */
                    status: "ERROR";
                    error: string;
                };
            };
        };
        /** @description The result was not ready within 5 minutes. The work goes on: poll `status_url`. */
        StillProcessing: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    message: string;
                    id: string;
                    status: components["schemas"]["ExecutionStatusValue"];
                    status_url: string;
                };
            };
        };
        /**
         * @description The knowledge base's embedding provider cannot be used: its endpoint is not configured
         *     (`EMBEDDINGS_BASE_URL`) or failed after its retries.
         */
        EmbeddingsUnavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The embeddings endpoint answered 500 (after 4 attempts)"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is invalid (no documents, or not a list of objects). */
        BulkInvalid: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Invalid request data",
                 *       "details": [
                 *         "documents: must NOT have fewer than 1 items"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /** @description Missing, unknown or revoked API key. */
        BulkUnauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Invalid API key"
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /**
         * @description The key has no organization, its owner is no longer a member, or the caller is not an
         *     owner or admin.
         */
        BulkForbidden: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Only an organization owner or admin can change knowledge bases and their documents"
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /** @description The knowledge base is missing or belongs to another organization. */
        BulkNotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Knowledge base not found"
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /** @description More than 10,000 documents, or a body over the JSON size limit. */
        BulkPayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "A bulk upload takes at most 10000 documents; this one has 10001. Split it into several requests."
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /** @description The body is not `application/json`. */
        BulkUnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Unsupported Content-Type. Use application/json."
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /** @description An unexpected failure before the stream started. */
        BulkInternalError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Internal server error"
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /** @description The knowledge base's embedding endpoint is not configured (`EMBEDDINGS_BASE_URL`). */
        BulkUnavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "This knowledge base is indexed with the openai-compatible embedding provider, but EMBEDDINGS_BASE_URL is not set"
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadError"];
            };
        };
        /**
         * @description The body is invalid (`errors` names each problem), or `identification.types` names
         *     codes that are not published types this organization can access: they are listed in
         *     `inaccessibleTypes`.
         */
        StepRejected: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Inaccessible document types",
                 *       "errors": [
                 *         "identification.types: not a published document type this organization can access: acme_draft"
                 *       ],
                 *       "inaccessibleTypes": [
                 *         "acme_draft"
                 *       ]
                 *     }
                 */
                "application/json": {
                    message: string;
                    errors?: string[];
                    inaccessibleTypes?: string[];
                };
            };
        };
        /**
         * @description The path cannot address anything: a path parameter holds the NUL character (`errors`
         *     names it), or the path has a `.` or `..` segment, also percent-encoded (`%2e%2e`). URL
         *     parsers resolve dot segments as steps up the path, so quire refuses them instead of
         *     serving the resource they would resolve to.
         */
        InvalidPath: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Validation error",
                 *       "errors": [
                 *         "path.documentId: must not contain the NUL character (\\u0000)"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is invalid; `errors` names each problem. */
        ValidationFailed: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Validation error",
                 *       "errors": [
                 *         "name: must NOT have fewer than 2 characters"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing, unknown or revoked API key. */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Invalid API key"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The key has no organization, its owner is no longer a member of the key's organization,
         *     or the caller may not do this.
         */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "This API key is not bound to an organization"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing, or belongs to another organization. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Document type not found"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists but not with this method. */
        MethodNotAllowed: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Method POST is not allowed on /healthz"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Conflicts with existing data. */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "codeType \"acme_invoice\" already exists"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than the server accepts. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Request body is too large"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unsupported Content-Type. Use application/json."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected failure; details are in the server log under the request id. */
        InternalError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Internal server error"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The execution's id (`id` in the 202 answer). */
        ExecutionId: string;
        /** @description The id from the 202 answer. */
        ProcessingId: string;
        /** @description The knowledge base's id. */
        KnowledgeBaseId: string;
        /**
         * @description The document's `documentId` (the caller's identifier), or quire's `id` for it when no
         *     document has that documentId.
         */
        KnowledgeBaseDocumentKey: string;
        /** @description true lists active knowledge bases, false the inactive ones. */
        IsActive: boolean;
        /** @description Only the document with exactly this documentId. */
        DocumentIdFilter: string;
        /** @description The step's id. */
        StepId: string;
        /** @description The document type's internal id (not its codeType). */
        DocumentTypeId: string;
        /** @description Case-insensitive substring; `%` and `_` match themselves. */
        Search: string;
        /** @description Page number, from 1 (at most 2147483647). */
        Page: number;
        /** @description Items per page, 1 to 100. */
        Limit: number;
    };
    requestBodies: {
        /**
         * @description One document, in one of two encodings, with **exactly one source** (none or more than
         *     one is 400, naming what was sent; a multipart file part with a `url` or `base64` field
         *     is two):
         *     - `multipart/form-data`: the file in a part named `file` or `image` (the hosted
         *       service's SDKs use `image` for every format). Streamed: never held whole in memory.
         *     - `application/json`: `url` (or `image_url`), or `base64` (or `image_base64`): raw
         *       base64 or a `data:` URI. A URL is downloaded by quire: http(s) only, 30 s timeout,
         *       size-capped; addresses on loopback, private, link-local or metadata networks are
         *       refused unless the operator sets `URL_FETCH_ALLOW_PRIVATE_TARGETS`.
         *
         *     The document may be at most `MAX_UPLOAD_BYTES` (default 100 MiB): over it is 413 and
         *     nothing is kept. Its format is taken from `content_type` (or `image_content_type`) when
         *     sent, else detected from the bytes. Supported: PDF (pages without a text layer are read
         *     by OCR), PNG, JPEG, GIF, BMP, WEBP and TIFF (OCR), DOCX, plain text, HTML, CSV, JSON;
         *     anything else, a corrupt or encrypted file, or a document past the operator's time or
         *     memory limit for a stage ends the execution in `ERROR` with the reason.
         *     `webhook_url` (the SDKs' per-request webhook): this execution's events are delivered
         *     to it as well as to the organization's endpoint, signed with the same secret, with the
         *     same retries, ordering (one execution's deliveries, to both targets, go in event order),
         *     log and replay. It must be an absolute http(s) URL without credentials whose address is
         *     public (private, loopback and link-local targets are refused unless the operator sets
         *     `WEBHOOK_ALLOW_PRIVATE_TARGETS`), and the organization needs an enabled endpoint (its
         *     secret signs): otherwise 400 at submit. Its failures do not count against the
         *     endpoint's health. Unknown fields (the SDKs' `wait`) are ignored. The camelCase names older Node SDKs sent
         *     (`documentTypeCode`, `documentTypeCodeOptions`, `documentMetadata`) are read as the
         *     snake_case ones.
         */
        DocumentUpload: {
            content: {
                /**
                 * @example {
                 *       "base64": "data:text/plain;base64,SW52b2ljZSBudW1iZXI6IElOVi0wMDE=",
                 *       "document_metadata": {
                 *         "customer": "acme"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["DocumentUploadJson"];
                "multipart/form-data": components["schemas"]["DocumentUploadForm"];
            };
        };
    };
    headers: {
        /** @description Identifies this request in quire's logs. */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve requests. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "database": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description The database does not answer. */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Database unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document the server routes and validates by. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            405: components["responses"]["MethodNotAllowed"];
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference page. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
        };
    };
    getDocsAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: "swagger-ui.css" | "swagger-ui-bundle.js" | "favicon-32x32.png";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; cacheable for a day. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "cache-control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                    "image/png": string;
                };
            };
            400: components["responses"]["ValidationFailed"];
            /** @description The path is not valid percent-encoding (like any path no resource has). */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics of this process. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
        };
    };
    checkAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is valid and bound to an organization the owner still belongs to. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "user": {
                     *         "id": "2c3a1c9e-8f0e-4f0b-9d61-2a0c2f9b8a11",
                     *         "email": "owner@acme.test",
                     *         "isPlatformAdmin": false
                     *       },
                     *       "organization": {
                     *         "id": "0b6f0d7e-61a4-4f9e-8c1e-9f3b8d1a2e33",
                     *         "slug": "acme",
                     *         "name": "Acme"
                     *       },
                     *       "role": "owner"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthOk"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    listDocumentTypes: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring; `%` and `_` match themselves. */
                search?: components["parameters"]["Search"];
                /** @description Page number, from 1 (at most 2147483647). */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of document types. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentTypeListItem"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    createDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codeType": "acme_invoice",
                 *       "name": "Invoice",
                 *       "description": "Supplier invoices",
                 *       "jsonSchema": {
                 *         "type": "object",
                 *         "properties": {
                 *           "invoice_number": {
                 *             "type": "string"
                 *           },
                 *           "issue_date": {
                 *             "type": "string",
                 *             "format": "date"
                 *           },
                 *           "total": {
                 *             "type": "number"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["DocumentTypeCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentType"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document type. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentType"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    updateDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isDraft": false
                 *     }
                 */
                "application/json": components["schemas"]["DocumentTypeUpdate"];
            };
        };
        responses: {
            /** @description The updated type. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentType"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    patchDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isDraft": false
                 *     }
                 */
                "application/json": components["schemas"]["DocumentTypeUpdate"];
            };
        };
        responses: {
            /** @description The updated type. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentType"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listDocumentTypeVersions: {
        parameters: {
            query?: {
                /** @description Page number, from 1 (at most 2147483647). */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of snapshots. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentTypeVersion"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    validateDocumentTypeData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document type's internal id (not its codeType). */
                id: components["parameters"]["DocumentTypeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "invoice_number": "F-001",
                 *       "total": 12.5
                 *     }
                 */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description The validation result. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "valid": false,
                     *       "errors": {
                     *         "count": 1,
                     *         "messages": [
                     *           "total: must be number"
                     *         ]
                     *       },
                     *       "warnings": {
                     *         "count": 1,
                     *         "messages": [
                     *           "notes: is not declared by the schema"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationResult"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listKnowledgeBases: {
        parameters: {
            query?: {
                /** @description true lists active knowledge bases, false the inactive ones. */
                isActive?: components["parameters"]["IsActive"];
                /** @description Case-insensitive substring; `%` and `_` match themselves. */
                search?: components["parameters"]["Search"];
                /** @description Page number, from 1 (at most 2147483647). */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of knowledge bases. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseListItem"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    createKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Support articles",
                 *       "description": "Answers for the support team",
                 *       "schema": {
                 *         "type": "object",
                 *         "required": [
                 *           "title",
                 *           "text"
                 *         ],
                 *         "properties": {
                 *           "title": {
                 *             "type": "string"
                 *           },
                 *           "text": {
                 *             "type": "string"
                 *           },
                 *           "category": {
                 *             "type": "string"
                 *           }
                 *         }
                 *       },
                 *       "indexingPreferences": {
                 *         "contentFields": [
                 *           "title",
                 *           "text"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseCreated"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The knowledge base. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBase"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    updateKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isActive": false
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseUpdate"];
            };
        };
        responses: {
            /** @description The updated knowledge base. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBase"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["EmbeddingsUnavailable"];
        };
    };
    deleteKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    listKnowledgeBaseDocuments: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring; `%` and `_` match themselves. */
                search?: components["parameters"]["Search"];
                /** @description Only the document with exactly this documentId. */
                documentId?: components["parameters"]["DocumentIdFilter"];
                /** @description Page number, from 1 (at most 2147483647). */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of documents. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseDocument"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    uploadKnowledgeBaseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "documentId": "faq-001",
                 *       "content": {
                 *         "title": "Resetting a password",
                 *         "text": "Open Settings, then Security, and choose Reset password.",
                 *         "category": "account"
                 *       },
                 *       "metadata": {
                 *         "source": "helpdesk"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseDocumentCreate"];
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseDocument"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["EmbeddingsUnavailable"];
        };
    };
    bulkUploadKnowledgeBaseDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "documents": [
                 *         {
                 *           "documentId": "faq-001",
                 *           "content": {
                 *             "title": "Resetting a password",
                 *             "text": "Open Settings, then Security, and choose Reset password.",
                 *             "category": "account"
                 *           },
                 *           "metadata": {
                 *             "source": "helpdesk"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BulkUploadRequest"];
            };
        };
        responses: {
            /** @description The progress stream. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example data: {"type":"connected","message":"Connected to bulk upload stream","timestamp":"2025-01-01T00:00:00.000Z"}
                     *
                     *     data: {"type":"progress","stage":"validation","batch":1,"batches":1,"processed":1,"total":1}
                     *
                     *     data: {"type":"progress","stage":"preparation","batch":1,"batches":1,"processed":1,"total":1}
                     *
                     *     data: {"type":"progress","stage":"embedding","batch":1,"batches":1,"processed":1,"total":1}
                     *
                     *     data: {"type":"progress","stage":"insertion","batch":1,"batches":1,"processed":1,"total":1}
                     *
                     *     data: {"type":"complete","total":1,"created":1,"updated":0,"failed":0,"durationMs":12}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BulkInvalid"];
            401: components["responses"]["BulkUnauthorized"];
            403: components["responses"]["BulkForbidden"];
            404: components["responses"]["BulkNotFound"];
            413: components["responses"]["BulkPayloadTooLarge"];
            415: components["responses"]["BulkUnsupportedMediaType"];
            500: components["responses"]["BulkInternalError"];
            503: components["responses"]["BulkUnavailable"];
        };
    };
    getKnowledgeBaseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
                /**
                 * @description The document's `documentId` (the caller's identifier), or quire's `id` for it when no
                 *     document has that documentId.
                 */
                documentId: components["parameters"]["KnowledgeBaseDocumentKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseDocument"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    updateKnowledgeBaseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
                /**
                 * @description The document's `documentId` (the caller's identifier), or quire's `id` for it when no
                 *     document has that documentId.
                 */
                documentId: components["parameters"]["KnowledgeBaseDocumentKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": {
                 *         "title": "Resetting a password",
                 *         "text": "Open Settings, then Security, then Reset password."
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseDocumentUpdate"];
            };
        };
        responses: {
            /** @description The updated document. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseDocument"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["EmbeddingsUnavailable"];
        };
    };
    deleteKnowledgeBaseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
                /**
                 * @description The document's `documentId` (the caller's identifier), or quire's `id` for it when no
                 *     document has that documentId.
                 */
                documentId: components["parameters"]["KnowledgeBaseDocumentKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    searchKnowledgeBaseGet: {
        parameters: {
            query: {
                query: string;
                limit?: number;
                similarityThreshold?: number;
                includeMetadata?: boolean;
            };
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching documents, best first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseSearchResult"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["EmbeddingsUnavailable"];
        };
    };
    searchKnowledgeBasePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "reset password",
                 *       "limit": 5,
                 *       "similarityThreshold": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseSearchRequest"];
            };
        };
        responses: {
            /** @description The matching documents, best first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseSearchResult"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["EmbeddingsUnavailable"];
        };
    };
    syncKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "regenerateEmbeddings": true
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseSyncRequest"];
            };
        };
        responses: {
            /** @description The sync is recorded and its job enqueued. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseSync"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getKnowledgeBaseSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge base's id. */
                id: components["parameters"]["KnowledgeBaseId"];
                /** @description The `syncId` the sync answered. */
                syncId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KnowledgeBaseSync"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    listSteps: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring; `%` and `_` match themselves. */
                search?: components["parameters"]["Search"];
                /** @description Page number, from 1 (at most 2147483647). */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of steps. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Step"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    createStep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Supplier invoices",
                 *       "description": "Invoices received by accounts payable",
                 *       "identification": {
                 *         "types": [
                 *           "acme_invoice",
                 *           "acme_receipt"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["StepCreate"];
            };
        };
        responses: {
            /** @description The new step, with `executions30d` 0 and `lastRunAt` null. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Step"];
                    };
                };
            };
            400: components["responses"]["StepRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The step's id. */
                id: components["parameters"]["StepId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The step. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Step"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The step's id. */
                id: components["parameters"]["StepId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Executions of the step are in flight. */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The step has 2 execution(s) enqueued, processing or uploading; delete it when they have finished",
                     *       "activeExecutions": 2
                     *     }
                     */
                    "application/json": {
                        message: string;
                        activeExecutions?: number;
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    updateStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The step's id. */
                id: components["parameters"]["StepId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isActive": false
                 *     }
                 */
                "application/json": components["schemas"]["StepUpdate"];
            };
        };
        responses: {
            /** @description The whole updated step. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Step"];
                    };
                };
            };
            400: components["responses"]["StepRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /**
             * @description `identification.types` is empty on a step that does not use automatic
             *     identification, or other writes kept changing the step's configuration.
             */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "identification.types cannot be empty: this step does not use automatic identification; send the codes to identify among"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getMonthlyUsage: {
        parameters: {
            query?: {
                year?: number;
                month?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The month's counts. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "year": 2026,
                     *       "month": 11,
                     *       "successful_pages": 42,
                     *       "successful_conversions": 17
                     *     }
                     */
                    "application/json": {
                        year: number;
                        month: number;
                        successful_pages: number;
                        successful_conversions: number;
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    executeStepAsync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the step to run. */
                stepId: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DocumentUpload"];
        responses: {
            /** @description Stored and enqueued. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepExecutionAccepted"];
                };
            };
            400: components["responses"]["UploadRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UploadUnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getStepExecutionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The execution's id (`id` in the 202 answer). */
                executionId: components["parameters"]["ExecutionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepExecutionStatus"];
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    identifyDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DocumentUpload"];
        responses: {
            /** @description The best match and the alternatives, not enveloped (as the hosted service answers). */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentificationOutcome"];
                };
            };
            400: components["responses"]["UploadRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UploadUnsupportedMediaType"];
            422: components["responses"]["ProcessingFailed"];
            500: components["responses"]["InternalError"];
            504: components["responses"]["StillProcessing"];
        };
    };
    identifyDocumentAsync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DocumentUpload"];
        responses: {
            /** @description Stored and enqueued. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentificationAccepted"];
                };
            };
            400: components["responses"]["UploadRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UploadUnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getIdentificationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from the 202 answer. */
                id: components["parameters"]["ProcessingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The identification. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentificationStatus"];
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    convertDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DocumentUpload"];
        responses: {
            /** @description The extracted fields under `data` (as the hosted service answers), with the validation result. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionOutcome"];
                };
            };
            400: components["responses"]["UploadRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UploadUnsupportedMediaType"];
            422: components["responses"]["ProcessingFailed"];
            500: components["responses"]["InternalError"];
            504: components["responses"]["StillProcessing"];
        };
    };
    convertDocumentAsync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DocumentUpload"];
        responses: {
            /** @description Stored and enqueued. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionAccepted"];
                };
            };
            400: components["responses"]["UploadRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UploadUnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getConversionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from the 202 answer. */
                id: components["parameters"]["ProcessingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversion. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionStatus"];
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getRetentionPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy; null days keep for good. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RetentionPolicy"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    putRetentionPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "documentRetentionDays": 30,
                 *       "resultRetentionDays": 365
                 *     }
                 */
                "application/json": components["schemas"]["RetentionPolicyPut"];
            };
        };
        responses: {
            /** @description The policy now in force. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RetentionPolicy"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    putWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/quire"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointPut"];
            };
        };
        responses: {
            /** @description The URL changed; the secret is not shown. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Created; `data.secret` holds the signing secret, shown only now. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only deliveries of this event. */
                event?: components["schemas"]["WebhookEventName"];
                /** @description Only deliveries in this state. */
                status?: components["schemas"]["WebhookDeliveryStatus"];
                /** @description Only deliveries of this execution's events. */
                executionId?: string;
                /** @description Page number, from 1 (at most 2147483647). */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (from the delivery log). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued; the delivery is `PENDING` again. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["InvalidPath"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
}
