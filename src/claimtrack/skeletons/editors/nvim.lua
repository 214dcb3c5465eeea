-- claimtrack's language server beside yaml-language-server, in Neovim 0.11 or later.
-- `claimtrack` must be on PATH (or write its full path in cmd). yamlls starts only
-- where a config for it exists (nvim-lspconfig's, or your own vim.lsp.config).
vim.lsp.config('claimtrack', {
  cmd = { 'claimtrack', 'lsp' },
  filetypes = { 'yaml' },
  root_markers = { 'tracker.yaml', 'claims' },
})
vim.lsp.enable({ 'claimtrack', 'yamlls' })
