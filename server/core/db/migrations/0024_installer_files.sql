ALTER TABLE "installer_companies" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_companies" ADD COLUMN "license" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- /installerdetail became the installer list: its shipped menu title changed. A menu tree seeded with the old title gets the new one (a title an administrator chose stays).
UPDATE "menus" SET "title_en" = 'Installer archives' WHERE "menu_key" = 'installerdetail' AND "title_en" = 'Installer details';--> statement-breakpoint
UPDATE "menus" SET "title_de" = 'Installateursarchiv' WHERE "menu_key" = 'installerdetail' AND "title_de" = 'Installateursdetails';--> statement-breakpoint
UPDATE "menus" SET "title_zh" = '安装商档案' WHERE "menu_key" = 'installerdetail' AND "title_zh" = '安装商详情';--> statement-breakpoint
UPDATE "menus" SET "title_ja" = '施工業者台帳' WHERE "menu_key" = 'installerdetail' AND "title_ja" = '施工業者の詳細';
