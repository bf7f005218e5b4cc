import type { HydraClient } from "../../lib/api/hydra.ts";
import type { AdvertisingProfile } from "./types.ts";

export const AdvertisingProfileList = {
  /**
   * Spec §7/§8: GET /api/advertising_profiles/seller_profile/{id}?active=true; on failure the
   * list is set empty. A 401 still signs out (the client's handler runs before this catch).
   */
  async load(hydra: HydraClient, sellerProfileId: string): Promise<AdvertisingProfile[]> {
    try {
      const list = await hydra.collection<AdvertisingProfile>(
        `/api/advertising_profiles/seller_profile/${sellerProfileId}`,
        { active: true },
      );
      return list.members;
    } catch (error) {
      // The server's sign-out on 401 is a thrown redirect Response: let it through.
      if (error instanceof Response) throw error;
      return [];
    }
  },
};
