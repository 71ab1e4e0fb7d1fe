// Written by openapi-typescript from /api/v1/openapi.json: do not edit. e2e/api-v1.spec.ts checks it against the served
// description and rewrites it with UPDATE_API_TYPES=1 (npx playwright test e2e/api-v1.spec.ts).
export interface paths {
    "/api/v1/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your jobs and their pictures
         * @description Newest first, a page at a time: pass `nextCursor` back as `cursor` for the next page.
         *
         *     Scope: `read`.
         */
        get: operations["listGenerations"];
        put?: never;
        /**
         * Start a generation
         * @description Checks the request as the Studio does, takes its price from your balance and queues the job (202). Image and doodle modes send the picture in `image` (base64). Edit mode repaints a part of a picture (`edit.kind` inpaint, where a `mask` is white) or widens it (outpaint, by `edit.sides`), priced like image to art at the result's size; the picture is sent in `image` or taken from one of your jobs with `from`. Send an `Idempotency-Key` so a retried request never starts (or charges) twice. At most as many jobs at once as in the Studio — more, and a place nearer the front of the queue, with a membership whose plan includes them; the largest size (1536) likewise comes with a plan that includes large pictures.
         *
         *     Scope: `generate`.
         */
        post: operations["createGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a job
         * @description Its status, progress, pictures, cost and whether it was refunded. Poll it every second or two until `status` is succeeded, failed or canceled.
         *
         *     Scope: `read`.
         */
        get: operations["getGeneration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/pictures/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a picture
         * @description The picture as a file: PNG, or WebP or JPEG with `format`.
         *
         *     Scope: `read`.
         */
        get: operations["downloadPicture"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artworks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a picture
         * @description Publishes one picture of a succeeded job to the community, with a title, description and tags.
         *
         *     Scope: `publish`.
         */
        post: operations["publishArtwork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artworks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unpublish an artwork
         * @description Takes your artwork out of the community; the picture stays in your history.
         *
         *     Scope: `publish`.
         */
        delete: operations["unpublishArtwork"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your balance
         * @description The tokens you have now, and the part of them that is a membership's allowance: spent before bought tokens, it ends at the next renewal, when the next period's allowance comes.
         *
         *     Scope: `read`.
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your token history
         * @description Every movement of your tokens, newest first, a page at a time.
         *
         *     Scope: `read`.
         */
        get: operations["listLedger"];
        put?: never;
        post?: never;
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
        /** @description By `mode`: a new picture, or an edit of one. */
        GenerationRequest: components["schemas"]["PictureRequest"] | components["schemas"]["EditRequest"];
        /** @description Text to art, image to art or doodle to art. */
        PictureRequest: {
            /**
             * @description text: from the prompt; image: restyle `image`; doodle: paint the drawing in `image`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            mode: "text" | "image" | "doodle";
            /**
             * @description What to paint; required for text.
             * @default
             */
            prompt?: string;
            /** @default  */
            negativePrompt?: string;
            /**
             * @description A style preset; left out, the prompt's own style word or the default.
             * @enum {string}
             */
            style?: "natural" | "watercolor" | "oil-painting" | "ink-sketch" | "pixel-art" | "neon-synthwave" | "low-poly" | "ukiyo-e" | "pop-art" | "pastel" | "stained-glass" | "anime" | "cartoon" | "comic-book" | "claymation" | "childrens-book" | "christmas-card" | "christmas-lights" | "christmas-snowglobe";
            /** @default 1 */
            count?: number;
            /** @description Left out, a random one. */
            seed?: number;
            /**
             * @default 1:1
             * @enum {string}
             */
            aspectRatio?: "1:1" | "4:3" | "3:4" | "16:9" | "9:16";
            /**
             * @description The long side, in pixels. Up to 1024 for everyone; 1536 with a membership whose plan includes large pictures (others are refused with invalid_input beside `size`), on an engine that makes them.
             * @default 1024
             */
            size?: 512 | 768 | 1024 | 1536;
            /**
             * @description Image and doodle: 0 keeps the source, 1 is full style.
             * @default 0.75
             */
            strength?: number;
            /**
             * @description The christmas variants, while the event runs.
             * @default false
             */
            christmas?: boolean;
            /** @description Image and doodle modes: the picture or drawing, base64 of a PNG, JPEG or WebP of at most 10 MB. */
            image?: string;
        };
        /** @description An edit of a part of a picture: inpaint or outpaint. */
        EditRequest: {
            /**
             * @description edit: repaint a part of a picture, or widen it. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            mode: "edit";
            edit: {
                /**
                 * @description inpaint: repaint the area `mask` marks; outpaint: widen the picture by `sides`.
                 * @enum {string}
                 */
                kind: "inpaint" | "outpaint";
                /** @description Outpaint: how far to widen each side, in percent of the picture's width or height — 0, or 25 to 100; at least one side. */
                sides?: {
                    /** @default 0 */
                    top?: number;
                    /** @default 0 */
                    right?: number;
                    /** @default 0 */
                    bottom?: number;
                    /** @default 0 */
                    left?: number;
                };
            };
            /** @description The picture to edit, base64 of a PNG, JPEG or WebP of at most 10 MB; or name one of yours in `from`. */
            image?: string;
            /** @description A picture of one of your jobs to edit, instead of `image`. */
            from?: {
                /**
                 * Format: uuid
                 * @description A job of yours.
                 */
                generation: string;
                /**
                 * @description Which of its pictures.
                 * @default 0
                 */
                index?: number;
            };
            /** @description Inpaint: where to repaint, base64 of a picture (PNG is best) — white changes, black stays; stretched to the picture's size. */
            mask?: string;
            /**
             * @description What to paint in the area; an inpaint without one removes what the mask covers.
             * @default
             */
            prompt?: string;
            /** @default  */
            negativePrompt?: string;
            /**
             * @description A style preset; left out, the prompt's own style word or the default.
             * @enum {string}
             */
            style?: "natural" | "watercolor" | "oil-painting" | "ink-sketch" | "pixel-art" | "neon-synthwave" | "low-poly" | "ukiyo-e" | "pop-art" | "pastel" | "stained-glass" | "anime" | "cartoon" | "comic-book" | "claymation" | "childrens-book" | "christmas-card" | "christmas-lights" | "christmas-snowglobe";
            /** @default 1 */
            count?: number;
            /** @description Left out, a random one. */
            seed?: number;
            /** @description An edit's size comes from its picture (and an outpaint's sides): leave this out. */
            size?: unknown;
            /** @description An edit's size comes from its picture (and an outpaint's sides): leave this out. */
            aspectRatio?: unknown;
        };
        PublishRequest: {
            /**
             * Format: uuid
             * @description A succeeded job of yours.
             */
            jobId: string;
            /** @default 0 */
            pictureIndex?: number;
            title: string;
            /** @default  */
            description?: string;
            /**
             * @description Letters, digits, spaces and dashes.
             * @default []
             */
            tags?: string[];
            /** @default true */
            showPrompt?: boolean;
            /**
             * @default public
             * @enum {string}
             */
            visibility?: "public" | "unlisted";
        };
        JobCreated: {
            job: components["schemas"]["Job"];
            /** @description Your balance after paying for it. */
            balance: number;
        };
        /** @description A generation: queued, running, then succeeded, failed or canceled. */
        Job: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            mode: "text" | "image" | "doodle" | "edit";
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            prompt: string;
            negativePrompt: string;
            style: string;
            /**
             * @description For an edit, the listed ratio nearest its shape.
             * @enum {string}
             */
            aspectRatio: "1:1" | "4:3" | "3:4" | "16:9" | "9:16";
            /** @description The long side asked for; for an edit, the size it is priced at. `width` and `height` are exact. */
            size: number;
            width: number;
            height: number;
            count: number;
            seed: number;
            strength: number;
            christmas: boolean;
            /** @description Tokens this job cost. */
            cost: number;
            /** @description True once a failed or canceled job's tokens came back. */
            refunded: boolean;
            /** @description 0–100 while running; null when the engine cannot tell. */
            progress: number | null;
            stage: string | null;
            /** @description Jobs ahead of this one while queued. */
            queuePosition: number | null;
            /** @description Why it failed or was canceled. */
            error: string | null;
            /** @description What made the pictures. */
            engine: string;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            pictures: components["schemas"]["Picture"][];
            /** @description For mode edit; null for every other job. */
            edit: components["schemas"]["JobEdit"] | null;
        };
        Picture: {
            index: number;
            width: number;
            height: number;
            seed: number | null;
            /** @description The safety check's rating: general, or mature (published only marked mature, shown only to people who opted into mature pictures); null until it is screened. An explicit picture is held, never listed. */
            maturity: ("general" | "mature") | null;
            /** @description Where to download it: GET with your token (PNG; ?format=webp|jpeg). */
            download: string;
        };
        /** @description What an edit changed. */
        JobEdit: {
            /** @enum {string} */
            kind: "inpaint" | "outpaint";
            /** @description Outpaint: how far each side grew, in percent. */
            sides: {
                top: number;
                right: number;
                bottom: number;
                left: number;
            } | null;
            /** @description The picture of your jobs it started from; null for a picture sent in `image`. */
            from: {
                /** Format: uuid */
                generation: string;
                index: number;
            } | null;
        };
        /** @description Every refusal has this shape; the HTTP status and `code` say what happened. */
        Error: {
            error: {
                /** @description Machine-readable: invalid_input, invalid_token, insufficient_scope… */
                code: string;
                /** @description Words for people. */
                message: string;
                /** @description Messages by request field, for invalid_input. */
                fields?: {
                    [key: string]: string[];
                };
            };
        };
        JobPage: {
            items: components["schemas"]["Job"][];
            /** @description null on the last page. */
            nextCursor: string | null;
        };
        JobAnswer: {
            job: components["schemas"]["Job"];
        };
        ArtworkAnswer: {
            artwork: components["schemas"]["Artwork"];
        };
        Artwork: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @enum {string} */
            visibility: "public" | "unlisted";
            /** @description The artwork's page in the community. */
            page: string;
            /** @description The published picture. */
            image: string;
            /**
             * @description Its rating: general (everyone sees it), mature (only people who opted into mature pictures on their profile, blurred until they ask) or explicit (nobody but you).
             * @enum {string}
             */
            maturity: "general" | "mature" | "explicit";
            /** Format: date-time */
            createdAt: string;
        };
        Unpublished: {
            /** @constant */
            ok: true;
        };
        Balance: {
            /** @description All your tokens: the allowance and what you bought. */
            balance: number;
            /** @description The part of `balance` that is your membership's allowance for this period: spent first, and it ends at `allowanceEndsAt`. 0 without a membership. */
            allowance: number;
            /** @description When what is left of the allowance ends (the next renewal); null without one. */
            allowanceEndsAt: string | null;
        };
        LedgerPage: {
            items: components["schemas"]["LedgerEntry"][];
            nextCursor: string | null;
        };
        LedgerEntry: {
            /** Format: uuid */
            id: string;
            /** @description Credits are positive, debits negative. */
            amount: number;
            balanceAfter: number;
            /** @description generation, generation_refund, purchase, signup_grant… */
            reason: string;
            jobId: string | null;
            note: string | null;
            /** Format: date-time */
            createdAt: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listGenerations: {
        parameters: {
            query?: {
                /** @description `nextCursor` of the page before. */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List your jobs and their pictures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobPage"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGeneration: {
        parameters: {
            query?: never;
            header?: {
                /** @description 8–128 letters, digits or -_:. — a retry with the same key and body gets the first answer instead of running again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerationRequest"];
            };
        };
        responses: {
            /** @description Start a generation */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCreated"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobAnswer"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadPicture: {
        parameters: {
            query?: {
                format?: "png" | "webp" | "jpeg";
            };
            header?: never;
            path: {
                /** @description The job's id. */
                id: string;
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picture (image/png, image/webp or image/jpeg). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/webp": string;
                    "image/jpeg": string;
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishArtwork: {
        parameters: {
            query?: never;
            header?: {
                /** @description 8–128 letters, digits or -_:. — a retry with the same key and body gets the first answer instead of running again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PublishRequest"];
            };
        };
        responses: {
            /** @description Publish a picture */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArtworkAnswer"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unpublishArtwork: {
        parameters: {
            query?: never;
            header?: {
                /** @description 8–128 letters, digits or -_:. — a retry with the same key and body gets the first answer instead of running again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The artwork's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unpublish an artwork */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unpublished"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read your balance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLedger: {
        parameters: {
            query?: {
                /** @description `nextCursor` of the page before. */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read your token history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPage"];
                };
            };
            /** @description The request is malformed, or its fields are invalid (`fields` says which). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or one that is unknown, revoked or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the scope, or the account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such thing among yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: wait for Retry-After seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
