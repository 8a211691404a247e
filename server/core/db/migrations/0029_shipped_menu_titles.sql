-- Issue 14 renamed two shipped menu titles: /clientList became the customer list (it had been seeded with the installer
-- archives' titles) and cusHandleRecord became 'Handling records' in English. A menu tree seeded with the old titles gets
-- the new ones; a title an administrator chose stays.
UPDATE "menus" SET "title_en" = 'Customers' WHERE "menu_key" = 'clientList' AND "title_en" = 'Installer archives';--> statement-breakpoint
UPDATE "menus" SET "title_de" = 'Kunden' WHERE "menu_key" = 'clientList' AND "title_de" = 'Installateursarchiv';--> statement-breakpoint
UPDATE "menus" SET "title_zh" = '客户列表' WHERE "menu_key" = 'clientList' AND "title_zh" = '安装商档案';--> statement-breakpoint
UPDATE "menus" SET "title_ja" = '顧客一覧' WHERE "menu_key" = 'clientList' AND "title_ja" = '施工業者台帳';--> statement-breakpoint
UPDATE "menus" SET "title_en" = 'Handling records' WHERE "menu_key" = 'cusHandleRecord' AND "title_en" = 'Processing records';
