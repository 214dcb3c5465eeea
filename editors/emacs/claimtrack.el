;;; claimtrack.el --- claimtrack's language server through eglot  -*- lexical-binding: t -*-
;; For yaml-mode buffers (Debian: elpa-yaml-mode; else yaml-mode from MELPA), with
;; eglot (built into Emacs 29; Debian's elpa-eglot for Emacs 28). `claimtrack' must
;; be on exec-path. Eglot runs one server a buffer: claimtrack in a tracker (a folder
;; holding tracker.yaml), yaml-language-server in any other YAML file.
(require 'eglot)

(defun claimtrack-root (dir)
  "The tracker holding DIR: the nearest folder at or above it with tracker.yaml."
  (locate-dominating-file dir "tracker.yaml"))

;; The workspace eglot gives the server is the tracker, not a git repository around it.
(add-hook 'project-find-functions
          (lambda (dir)
            (let ((root (and (bound-and-true-p eglot-lsp-context) (claimtrack-root dir))))
              (and root (cons 'transient root)))))

(add-to-list 'eglot-server-programs
             `(yaml-mode . ,(lambda (&optional _interactive)
                              (if (claimtrack-root default-directory)
                                  '("claimtrack" "lsp")
                                '("yaml-language-server" "--stdio")))))

(add-hook 'yaml-mode-hook
          (lambda () (when (claimtrack-root default-directory) (eglot-ensure))))
