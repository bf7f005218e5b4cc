/** Login with Amazon as the sandbox serves it: the consent pages (Ads and SP-API) and the token endpoint. */
import type { FastifyInstance, FastifyReply } from "fastify";
import { consentPage, errorPage } from "./auth.ts";
import { ensureBusiness } from "./demo.ts";
import { INVALID_JSON, isObject, sendJson } from "./http.ts";
import type { SandboxState } from "./state.ts";

export function registerAuthRoutes(app: FastifyInstance, state: SandboxState): void {
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type("text/html; charset=utf-8").send(body);
  const sellers = () => state.world.sellers.map((s) => ({ sellerId: s.sellerId, name: s.name }));
  const ADS_SCOPES = [
    "advertising::campaign_management",
    "cpc_advertising:campaign_management",
    "profile",
  ];

  app.get("/ap/oa", async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const client = q.client_id ? state.auth.clients.get(q.client_id) : undefined;
    if (!client) return html(reply, 400, errorPage("Unknown client_id"));
    if (!q.redirect_uri || !state.auth.redirectAllowed(client, q.redirect_uri))
      return html(reply, 400, errorPage("redirect_uri is missing or not an allowed return URL"));
    const redirect = new URL(q.redirect_uri);
    const fail = (error: string, description: string) => {
      redirect.searchParams.set("error", error);
      redirect.searchParams.set("error_description", description);
      if (q.state !== undefined) redirect.searchParams.set("state", q.state);
      return reply.redirect(redirect.toString(), 302);
    };
    if (q.response_type !== "code")
      return fail("unsupported_response_type", "response_type must be code");
    const scopes = (q.scope ?? "").split(/\s+/).filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !ADS_SCOPES.includes(s)))
      return fail("invalid_scope", "An unknown scope was requested");
    return html(
      reply,
      200,
      consentPage({
        title: "Amazon sandbox – Login with Amazon",
        appName: client.clientId,
        action: "/ap/oa",
        hidden: {
          client_id: client.clientId,
          redirect_uri: q.redirect_uri,
          scope: scopes.join(" "),
          state: q.state ?? "",
          response_type: "code",
        },
        sellers: sellers(),
      }),
    );
  });

  app.post("/ap/oa", async (req, reply) => {
    const b = (isObject(req.body) ? req.body : {}) as Record<string, string | undefined>;
    const client = b.client_id ? state.auth.clients.get(b.client_id) : undefined;
    if (!client || !b.redirect_uri || !state.auth.redirectAllowed(client, b.redirect_uri))
      return html(reply, 400, errorPage("Invalid authorisation request"));
    const redirect = new URL(b.redirect_uri);
    if (b.state) redirect.searchParams.set("state", b.state);
    if (b.decision === "deny") {
      redirect.searchParams.set("error", "access_denied");
      redirect.searchParams.set("error_description", "The user denied the request");
      return reply.redirect(redirect.toString(), 302);
    }
    const seller = state.world.sellers.find((s) => s.sellerId === b.seller_id);
    if (!seller) return html(reply, 400, errorPage("Pick a sandbox seller"));
    const scope = b.scope || "advertising::campaign_management";
    void ensureBusiness(state.world, seller.sellerId);
    const code = state.auth.issueCode(
      { clientId: client.clientId, sellerId: seller.sellerId, scope, api: "ads" },
      b.redirect_uri,
    );
    redirect.searchParams.set("code", code);
    redirect.searchParams.set("scope", scope);
    return reply.redirect(redirect.toString(), 302);
  });

  app.get("/apps/authorize/consent", async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const client = q.application_id
      ? state.auth.clientByApplicationId(q.application_id)
      : undefined;
    if (!client) return html(reply, 400, errorPage("Unknown application_id"));
    const redirectUri = q.redirect_uri ?? client.redirectUris?.[0];
    if (!redirectUri || !state.auth.redirectAllowed(client, redirectUri))
      return html(reply, 400, errorPage("No valid redirect_uri for this application"));
    return html(
      reply,
      200,
      consentPage({
        title: "Seller Central sandbox – authorise application",
        appName: q.application_id ?? "",
        action: "/apps/authorize/consent",
        hidden: {
          application_id: q.application_id ?? "",
          redirect_uri: redirectUri,
          state: q.state ?? "",
          version: q.version ?? "",
        },
        sellers: sellers(),
      }),
    );
  });

  app.post("/apps/authorize/consent", async (req, reply) => {
    const b = (isObject(req.body) ? req.body : {}) as Record<string, string | undefined>;
    const client = b.application_id
      ? state.auth.clientByApplicationId(b.application_id)
      : undefined;
    if (!client || !b.redirect_uri || !state.auth.redirectAllowed(client, b.redirect_uri))
      return html(reply, 400, errorPage("Invalid authorisation request"));
    const redirect = new URL(b.redirect_uri);
    if (b.decision === "deny") {
      if (b.state) redirect.searchParams.set("state", b.state);
      redirect.searchParams.set("error", "access_denied");
      return reply.redirect(redirect.toString(), 302);
    }
    const seller = state.world.sellers.find((s) => s.sellerId === b.seller_id);
    if (!seller) return html(reply, 400, errorPage("Pick a sandbox seller"));
    void ensureBusiness(state.world, seller.sellerId);
    const code = state.auth.issueCode(
      {
        clientId: client.clientId,
        sellerId: seller.sellerId,
        scope: "sellingpartnerapi",
        api: "sp",
      },
      b.redirect_uri,
    );
    redirect.searchParams.set("state", b.state ?? "");
    redirect.searchParams.set("selling_partner_id", seller.sellerId);
    redirect.searchParams.set("spapi_oauth_code", code);
    return reply.redirect(redirect.toString(), 302);
  });

  app.post("/auth/o2/token", async (req, reply) => {
    const body = isObject(req.body) && !(INVALID_JSON in req.body) ? req.body : {};
    const r = state.auth.tokenRequest(body);
    reply.header("Cache-Control", "no-store");
    return sendJson(reply, r.status, r.body);
  });
}
