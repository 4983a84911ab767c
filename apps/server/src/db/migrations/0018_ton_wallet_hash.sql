DROP INDEX "ton_wallets_address_key";--> statement-breakpoint
-- A wallet linked twice through the workchain (`0:<h>` on one account, `-1:<h>` on another) keeps
-- its basechain link only: the masterchain spelling is refused from now on.
DELETE FROM "ton_wallets" AS "master" WHERE "master"."address" LIKE '-1:%' AND EXISTS (SELECT 1 FROM "ton_wallets" AS "base" WHERE "base"."address" = '0:' || split_part("master"."address", ':', 2));--> statement-breakpoint
CREATE UNIQUE INDEX "ton_wallets_address_hash_key" ON "ton_wallets" USING btree (split_part("address", ':', 2));
