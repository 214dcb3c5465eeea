"""The records' English prose of bench/corpus.py and bench/make_tracker.py in French and
Traditional Chinese (Taiwan), for the translations of the synthetic tracker
(bench/make_translations.py) and the words of Hugo's pages in each language
(bench/equivalent_languages.py).

Each English text maps to (fr, zh-Hant).  The French follows French typography: a
no-break space before a colon, a narrow one before ; ! ?.  The Chinese uses the
forms of Taiwan (資料, 網路, 軟體).  Sentences the sentence templates of
bench/sentences.py make are translated there, by construction; these are the rest.
"""

from __future__ import annotations

import corpus as C

NB, NNB = "\u00a0", "\u202f"  # before a colon; before ; ! ?

# corpus.RATIONALES and corpus.NOTES, sentence by sentence.
PROSE: dict[str, tuple[str, str]] = {
    # RATIONALES
    "The vendor's own figure; nobody has measured it yet.": (
        f"C’est le chiffre du fournisseur lui-même{NNB}; personne ne l’a encore mesuré.",
        "這是廠商自己公布的數字，目前還沒有人實際量測過。",
    ),
    "Reported by the sources in matching terms, but they share one origin.": (
        "Les sources le rapportent en des termes concordants, mais elles ont une seule origine.",
        "各來源的說法一致，但它們出自同一個源頭。",
    ),
    "No independent test has been published, and the conditions are not stated.": (
        "Aucun test indépendant n’a été publié, et les conditions ne sont pas précisées.",
        "目前沒有任何獨立測試結果發表，測試條件也未說明。",
    ),
    "Taken from the announcement; the reports repeat it without checking.": (
        f"Repris de l’annonce{NNB}; les comptes rendus le répètent sans vérification.",
        "取自發表會的公告；各篇報導照抄，未經查證。",
    ),
    "Two sources with different origins report the same figure.": (
        "Deux sources d’origines différentes rapportent le même chiffre.",
        "兩個源頭不同的來源報導了相同的數字。",
    ),
    "An independent measurement agrees with the vendor's number within a few percent.": (
        "Une mesure indépendante concorde avec le chiffre du fournisseur à quelques pour cent près.",
        "一項獨立量測與廠商的數字相差僅幾個百分點。",
    ),
    "Both the provider and a hosting partner state it, each from its own data.": (
        "Le fournisseur et un hébergeur partenaire l’affirment, chacun d’après ses propres données.",
        "服務供應商與一家代管合作夥伴都提出此說法，各自依據自己的資料。",
    ),
    "Confirmed by the provider's documentation and by our own test of the API.": (
        "Confirmé par la documentation du fournisseur et par notre propre test de l’API.",
        "已由供應商的技術文件與我們自己的API測試確認。",
    ),
    "The price list and the API response both show it.": (
        "La grille tarifaire et la réponse de l’API l’indiquent toutes deux.",
        "價目表與API回應都顯示了這一點。",
    ),
    "Checked against the primary source and an independent benchmark.": (
        "Vérifié auprès de la source primaire et d’un banc d’essai indépendant.",
        "已對照第一手來源與一項獨立基準測試查核。",
    ),
    "True only for short prompts at batch size one, which the claim does not say.": (
        "Vrai seulement pour des invites courtes avec un lot de taille un, ce que "
        "l’affirmation ne dit pas.",
        "只有在提示很短、批次大小為一時才成立，而這項說法並未提到。",
    ),
    "The comparison uses an older baseline than readers would assume.": (
        "La comparaison s’appuie sur une référence plus ancienne que ne le supposeraient "
        "les lecteurs.",
        "這項比較所用的基準比讀者預期的更舊。",
    ),
    "The figure is a peak, while typical use is far slower.": (
        "Le chiffre est un pic, alors que l’usage courant est bien plus lent.",
        "這個數字是峰值，一般使用時的速度慢得多。",
    ),
    "An independent benchmark measured a much smaller gain.": (
        "Un banc d’essai indépendant a mesuré un gain bien plus faible.",
        "一項獨立基準測試量到的提升幅度小得多。",
    ),
    "Two credible sources give different numbers and neither shows its method.": (
        "Deux sources crédibles donnent des chiffres différents et aucune ne montre sa méthode.",
        "兩個可信的來源給出不同的數字，而且都沒有說明方法。",
    ),
    "Customers report latencies well above the stated figure.": (
        "Des clients signalent des latences bien supérieures au chiffre annoncé.",
        "客戶回報的延遲遠高於公布的數字。",
    ),
    "The documentation contradicts it directly.": (
        "La documentation le contredit directement.",
        "技術文件直接與此矛盾。",
    ),
    "Measurements by two independent labs show the opposite.": (
        "Les mesures de deux laboratoires indépendants montrent le contraire.",
        "兩間獨立實驗室的量測結果顯示恰恰相反。",
    ),
    "The stated GPU was not available in that region at the time.": (
        "Le GPU annoncé n’était pas disponible dans cette région à ce moment-là.",
        "當時該地區並沒有所稱的GPU可用。",
    ),
    "The company removed the sentence from its post and issued a correction.": (
        "L’entreprise a retiré la phrase de son billet et publié un rectificatif.",
        "該公司已從文章中刪除這句話，並發布更正。",
    ),
    "The executive withdrew the remark in a later interview.": (
        "Le dirigeant a retiré ses propos lors d’un entretien ultérieur.",
        "這位主管在之後的訪談中收回了這番話。",
    ),
    "None of the sources gives this, and the company declined to say.": (
        "Aucune des sources ne le donne, et l’entreprise a refusé de répondre.",
        "沒有任何來源提供這項資訊，該公司也拒絕說明。",
    ),
    "The announcement is silent on it, although the claim depends on it.": (
        "L’annonce n’en dit rien, alors que l’affirmation en dépend.",
        "公告對此隻字未提，但這項說法正取決於此。",
    ),
    "Asked directly, the provider did not answer.": (
        "Interrogé directement, le fournisseur n’a pas répondu.",
        "直接詢問時，供應商沒有回應。",
    ),
    "Published later in the provider's documentation.": (
        "Publié plus tard dans la documentation du fournisseur.",
        "後來刊登於供應商的技術文件中。",
    ),
    "The company gave the figure in a follow-up post.": (
        "L’entreprise a donné le chiffre dans un billet ultérieur.",
        "該公司在後續文章中公布了這個數字。",
    ),
    # NOTES
    "Recorded from the announcement and its reports; not independently checked.": (
        f"Enregistré d’après l’annonce et ses comptes rendus{NNB}; non vérifié de manière "
        "indépendante.",
        "依據公告及相關報導記錄；未經獨立查核。",
    ),
    "Recorded as stated by the vendor.": (
        "Enregistré tel que le fournisseur l’a formulé.",
        "依廠商的說法記錄。",
    ),
    "Added from the press coverage on launch day.": (
        "Ajouté d’après la couverture de presse du jour du lancement.",
        "依據發表當天的媒體報導加入。",
    ),
    "A second, independent source now reports the same figure.": (
        "Une deuxième source, indépendante, rapporte désormais le même chiffre.",
        "第二個獨立來源如今也報導了相同的數字。",
    ),
    "The hosting partner's post confirms it from its own logs.": (
        "Le billet de l’hébergeur partenaire le confirme d’après ses propres journaux.",
        "代管合作夥伴的文章依據自己的紀錄證實了這一點。",
    ),
    "Checked against the documentation and an API test.": (
        "Vérifié auprès de la documentation et par un test de l’API.",
        "已對照技術文件並以API測試查核。",
    ),
    "Confirmed by the primary source.": (
        "Confirmé par la source primaire.",
        "已由第一手來源證實。",
    ),
    "The conditions behind the figure make it look better than typical use.": (
        "Les conditions derrière le chiffre le font paraître meilleur que l’usage courant.",
        "這個數字背後的條件使它看起來比一般使用情況更好。",
    ),
    "The baseline turned out to be an older mode.": (
        "La référence s’est révélée être un mode plus ancien.",
        "比較基準原來是較舊的模式。",
    ),
    "An independent benchmark disagrees.": (
        "Un banc d’essai indépendant n’est pas d’accord.",
        "一項獨立基準測試得出不同結果。",
    ),
    "Two sources now conflict.": (
        "Deux sources se contredisent désormais.",
        "兩個來源的說法如今互相矛盾。",
    ),
    "Contradicted by the documentation.": (
        "Contredit par la documentation.",
        "與技術文件相牴觸。",
    ),
    "Independent measurements contradict it.": (
        "Des mesures indépendantes le contredisent.",
        "獨立量測結果與此矛盾。",
    ),
    "Withdrawn by the claimant.": (
        "Retiré par son auteur.",
        "已由提出者撤回。",
    ),
    "The company corrected its post.": (
        "L’entreprise a corrigé son billet.",
        "該公司已更正其文章。",
    ),
    "Not given by any source at launch.": (
        "Donné par aucune source au lancement.",
        "發表時沒有任何來源提供。",
    ),
    "Recorded as missing from the announcement.": (
        "Enregistré comme absent de l’annonce.",
        "記錄為公告中缺漏的資訊。",
    ),
    "Published since; see the evidence.": (
        f"Publié depuis{NNB}; voir les preuves.",
        "此後已公布；請見佐證資料。",
    ),
    "The figure appeared in a later post.": (
        "Le chiffre est paru dans un billet ultérieur.",
        "這個數字出現在之後的一篇文章中。",
    ),
    # corpus.STATEMENT_TAILS
    "The sources give no conditions for it.": (
        "Les sources n’en donnent pas les conditions.",
        "各來源都沒有說明其條件。",
    ),
    "It is the headline figure of the announcement.": (
        "C’est le chiffre phare de l’annonce.",
        "這是公告中的主打數字。",
    ),
    "The reports repeat it without naming a baseline.": (
        "Les comptes rendus le répètent sans nommer de référence.",
        "各篇報導照樣引用，卻沒有指出比較基準。",
    ),
    "It applies to the API, not to the consumer app.": (
        "Il s’applique à l’API, pas à l’application grand public.",
        "這適用於API，而非一般消費者應用程式。",
    ),
    "The company repeated it in several interviews.": (
        "L’entreprise l’a répété dans plusieurs entretiens.",
        "該公司在多次訪談中重申了這一點。",
    ),
    "It was stated for the preview period.": (
        "Il a été annoncé pour la période de préversion.",
        "這是針對預覽期間所做的說明。",
    ),
    # make_tracker.CONDITIONS
    "batch size 1, 1,000 output tokens": (
        "lot de taille 1, 1\u202f000 jetons de sortie",
        "批次大小為1，輸出1,000個token",
    ),
    "prompts under 2,000 tokens": (
        "invites de moins de 2\u202f000 jetons",
        "提示少於2,000個token",
    ),
    "measured on GB200 NVL72 racks": (
        "mesuré sur des baies GB200 NVL72",
        "在GB200 NVL72機櫃上量測",
    ),
    "preview period only": (
        "pendant la période de préversion seulement",
        "僅限預覽期間",
    ),
    "API only, not the consumer app": (
        "API seulement, pas l’application grand public",
        "僅限API，不含一般消費者應用程式",
    ),
    # The sources' notes (make_tracker.write_sources)
    "Written by AI agents, sources checked by a second model, published without prior "
    "human reading.": (
        "Rédigé par des agents d’IA, sources vérifiées par un second modèle, publié sans "
        "relecture humaine préalable.",
        "由AI代理撰寫，來源經第二個模型查核，發布前未經人工閱讀。",
    ),
    "The vendor's own announcement.": (
        "L’annonce du fournisseur lui-même.",
        "廠商自己的公告。",
    ),
    "Translated from the original post; the figures are copied, not re-measured.": (
        f"Traduit du billet original{NNB}; les chiffres sont recopiés, non mesurés à nouveau.",
        "譯自原始文章；數字為照抄，並未重新量測。",
    ),
    "Archived the day it was read. The page has changed since; this copy is what we quoted.": (
        f"Archivé le jour de sa lecture. La page a changé depuis{NNB}; cette copie est ce que "
        "nous avons cité.",
        "於閱讀當天存檔。該網頁此後已有更動；我們引用的是這份副本。",
    ),
}

# make_tracker.OMISSIONS, as templates.
OMISSIONS: dict[str, tuple[str, str]] = {
    "The price of {product} was not disclosed.": (
        "Le prix de {product} n’a pas été divulgué.",
        "{product}的價格並未公開。",
    ),
    "The number of GPUs serving {product} was not disclosed.": (
        "Le nombre de GPU qui servent {product} n’a pas été divulgué.",
        "提供{product}服務的GPU數量並未公開。",
    ),
    "The conditions behind the speed figure for {product} were not disclosed.": (
        "Les conditions derrière le chiffre de vitesse de {product} n’ont pas été divulguées.",
        "{product}速度數字背後的條件並未公開。",
    ),
    "The batch size behind {company}'s measurements of {product} was not disclosed.": (
        "La taille de lot des mesures de {product} par {company} n’a pas été divulguée.",
        "{company}量測{product}時所用的批次大小並未公開。",
    ),
    "The energy used per token by {product} was not disclosed.": (
        "L’énergie consommée par jeton par {product} n’a pas été divulguée.",
        "{product}每個token的耗電量並未公開。",
    ),
    "When {product} reaches free users was not disclosed.": (
        "La date à laquelle {product} arrivera chez les utilisateurs gratuits n’a pas été "
        "divulguée.",
        "{product}何時開放給免費使用者並未公開。",
    ),
}

# The sources' titles: corpus.TITLES's templates lined up, (en, fr, zh-Hant).  The first
# four of each language say the same; English has two more.
TITLES: tuple[tuple[str, str, str], ...] = (
    *zip(C.TITLES["en"][:4], C.TITLES["fr"], C.TITLES["zh-Hant"], strict=True),
    (C.TITLES["en"][4], "Dans les coulisses du lancement de {product}", "{product}發表會內幕"),
    (C.TITLES["en"][5], f"{{product}}{NB}: prix et disponibilité", "{product}的價格與上市時程"),
)

# A figure's metric and baseline (sentences.FIGURES), in French and Chinese.
QUANTITY_WORDS: dict[str, tuple[str, str]] = {
    "peak decoding speed": ("vitesse de décodage maximale", "峰值解碼速度"),
    "latency at the 99th percentile": ("latence au 99e centile", "第 99 百分位延遲"),
    "cost per token reduction": ("baisse du coût par jeton", "每個 token 的成本降幅"),
    "benchmark score gain": ("gain de score au benchmark", "基準測試分數提升"),
    "cluster size": ("taille du cluster", "叢集規模"),
    "GPUs reserved for the launch": ("GPU réservés pour le lancement", "為發表保留的 GPU 數量"),
    "context window": ("fenêtre de contexte", "上下文視窗"),
    "time to first token": ("délai avant le premier jeton", "首個 token 的產生時間"),
    "energy per token reduction": ("baisse de l’énergie par jeton", "每個 token 的能耗降幅"),
    "token generation speed": ("vitesse de génération des jetons", "token 生成速度"),
    "throughput per GPU": ("débit par GPU", "每顆 GPU 的吞吐量"),
    "inference throughput": ("débit d’inférence", "推論吞吐量"),
    "minimum deployment size": ("taille minimale de déploiement", "最小部署規模"),
    "agent task speed": ("vitesse d’exécution des tâches d’agent", "代理任務的執行速度"),
    "price reduction": ("baisse de prix", "降價幅度"),
    "API price": ("prix de l’API", "API 價格"),
    "output speed per user": ("vitesse de sortie par utilisateur", "每位使用者的輸出速度"),
    "the previous generation": ("la génération précédente", "上一代"),
    "the previous model": ("le modèle précédent", "上一代模型"),
    "the Standard mode": ("le mode Standard", "標準模式"),
    "the previous GPU generation": ("la génération de GPU précédente", "上一代 GPU"),
    "GPT-6 Astra": ("GPT-6 Astra", "GPT-6 Astra"),
    "the launch price": ("le prix de lancement", "發表時的價格"),
}

# tracker.yaml's title (with the number of claims) and description.
TRACKER_TITLE = (
    "Launch claims of autumn 2026 ({count} claims)",
    "Affirmations des lancements de l’automne 2026 ({count} affirmations)",
    "2026 年秋季產品發表說法追蹤（{count} 則說法）",
)
TRACKER_DESCRIPTION = (
    "What the AI providers and their hardware partners claimed about speed, prices, "
    "GPUs and availability, in whose words, and how far each claim has been checked.",
    "Ce que les fournisseurs d’IA et leurs partenaires matériels ont affirmé sur la "
    "vitesse, les prix, les GPU et la disponibilité, sous quelle plume, et jusqu’où "
    "chaque affirmation a été vérifiée.",
    "AI 服務供應商及其硬體合作夥伴對速度、價格、GPU 與上市時程提出了哪些說法、"
    "出自誰的原話，以及每則說法查核到什麼程度。",
)
