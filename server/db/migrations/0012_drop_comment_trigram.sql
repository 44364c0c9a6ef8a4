-- No query reads it: comment search is full text over search_document. It was about 40% of a comment insert's cost.
DROP INDEX "comments_content_trgm_idx";