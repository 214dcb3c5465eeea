"""Sentence templates for the synthetic tracker's articles, each in English, French and
Traditional Chinese with the same slots (listed in bench/corpus.py, which holds their values).

A sentence and its translation come from one template and one set of slot values,
so a quote in French or Chinese has its English translation by construction.
"""

from __future__ import annotations

# Templates with a figure: (quantity slot, unit, metric, baseline or None), (en, fr, zh).
FIGURES: tuple[tuple[tuple[str, str, str, str | None], tuple[str, str, str]], ...] = (
    (
        ("n", "x", "token generation speed", "the Standard mode"),
        (
            "{product} generates tokens up to {n} times faster than the Standard mode.",
            "{product} génère des jetons jusqu'à {n} fois plus vite que le mode Standard.",
            "{product}的token生成速度最高可達標準模式的{n}倍。",
        ),
    ),
    (
        ("n", "x", "inference throughput", "the previous GPU generation"),
        (
            "On {gpu} systems, {company} says inference throughput rises {n}-fold over the previous generation.",
            "Sur les systèmes {gpu}, {company} affirme que le débit d'inférence est multiplié par {n} par rapport à la génération précédente.",
            "{company}表示，在{gpu}系統上，推論吞吐量比上一代提升{n}倍。",
        ),
    ),
    (
        ("tps", "tokens/s", "output speed per user", None),
        (
            "{product} streams about {tps} tokens per second to each user.",
            "{product} diffuse environ {tps} jetons par seconde à chaque utilisateur.",
            "{product}對每位使用者的輸出速度約為每秒{tps}個token。",
        ),
    ),
    (
        ("tps", "tokens/s", "peak decoding speed", None),
        (
            "In internal tests on {gpu}, {product} reached a peak of {tps} tokens per second.",
            "Lors de tests internes sur {gpu}, {product} a atteint un pic de {tps} jetons par seconde.",
            "在{gpu}上的內部測試中，{product}的峰值速度達到每秒{tps}個token。",
        ),
    ),
    (
        ("price", "USD per million output tokens", "API price", None),
        (
            "{company} prices {product} at ${price} per million output tokens.",
            "{company} facture {product} {price} $ par million de jetons de sortie.",
            "{company}將{product}定價為每百萬輸出token {price}美元。",
        ),
    ),
    (
        ("price", "USD per million input tokens", "API price", None),
        (
            "Input tokens for {product} cost ${price} per million through the API.",
            "Les jetons d'entrée de {product} coûtent {price} $ par million via l'API.",
            "透過API使用{product}時，輸入token每百萬個收費{price}美元。",
        ),
    ),
    (
        ("pct", "%", "price reduction", "the launch price"),
        (
            "{company} cut the price of {product} by {pct} percent compared with its launch price.",
            "{company} a baissé le prix de {product} de {pct} % par rapport à son prix de lancement.",
            "{company}將{product}的價格較上市價調降{pct}%。",
        ),
    ),
    (
        ("ms", "ms", "time to first token", None),
        (
            "The median time to first token for {product} is {ms} milliseconds.",
            "Le délai médian avant le premier jeton de {product} est de {ms} millisecondes.",
            "{product}的首個token延遲中位數為{ms}毫秒。",
        ),
    ),
    (
        ("ms", "ms", "latency at the 99th percentile", None),
        (
            "Under load, {product} keeps its 99th-percentile latency below {ms} milliseconds.",
            "Sous charge, {product} maintient sa latence au 99e centile sous {ms} millisecondes.",
            "在高負載下，{product}的第99百分位延遲維持在{ms}毫秒以內。",
        ),
    ),
    (
        ("count", "GPUs", "cluster size", None),
        (
            "The service runs on a cluster of {count} {gpu} GPUs operated by {company}.",
            "Le service tourne sur une grappe de {count} GPU {gpu} exploitée par {company}.",
            "這項服務執行在由{company}營運、包含{count}顆{gpu} GPU的叢集上。",
        ),
    ),
    (
        ("count", "GPUs", "GPUs reserved for the launch", None),
        (
            "{company} reserved {count} {gpu} GPUs for the launch of {product}.",
            "{company} a réservé {count} GPU {gpu} pour le lancement de {product}.",
            "{company}為{product}的上線預留了{count}顆{gpu} GPU。",
        ),
    ),
    (
        ("ctx", "thousand tokens", "context window", None),
        (
            "{product} accepts up to {ctx} thousand tokens of context.",
            "{product} accepte jusqu'à {ctx} mille jetons de contexte.",
            "{product}最多可接受{ctx}千個token的上下文。",
        ),
    ),
    (
        ("pct", "%", "energy per token reduction", "the previous generation"),
        (
            "Energy use per token falls by {pct} percent on {gpu}, according to {company}.",
            "Selon {company}, la consommation d'énergie par jeton baisse de {pct} % sur {gpu}.",
            "根據{company}的說法，在{gpu}上每個token的能耗降低{pct}%。",
        ),
    ),
    (
        ("pct", "%", "benchmark score gain", "the previous model"),
        (
            "{product} scores {pct} percent higher than its predecessor on the coding benchmark.",
            "{product} obtient un score supérieur de {pct} % à son prédécesseur sur le test de programmation.",
            "{product}在程式設計基準測試中的分數比前代高出{pct}%。",
        ),
    ),
    (
        ("n", "x", "cost per token reduction", "the previous generation"),
        (
            "{company} claims the cost per token is {n} times lower than a year ago.",
            "{company} affirme que le coût par jeton est {n} fois plus bas qu'il y a un an.",
            "{company}聲稱每個token的成本比一年前低{n}倍。",
        ),
    ),
    (
        ("tps", "tokens/s", "throughput per GPU", None),
        (
            "Each {gpu} GPU serves about {tps} tokens per second in batch mode.",
            "Chaque GPU {gpu} sert environ {tps} jetons par seconde en mode batch.",
            "在批次模式下，每顆{gpu} GPU每秒約可服務{tps}個token。",
        ),
    ),
    (
        ("count", "GPUs", "minimum deployment size", None),
        (
            "Enterprise customers need at least {count} GPUs to run {product} on their own premises.",
            "Les entreprises ont besoin d'au moins {count} GPU pour faire tourner {product} dans leurs propres locaux.",
            "企業客戶至少需要{count}顆GPU才能在自有機房部署{product}。",
        ),
    ),
    (
        ("n", "x", "agent task speed", "GPT-6 Astra"),
        (
            "Agents built on {product} finish multi-step tasks {n} times faster, the company says.",
            "Les agents bâtis sur {product} terminent les tâches à plusieurs étapes {n} fois plus vite, selon l'entreprise.",
            "該公司表示，基於{product}的代理程式完成多步驟任務的速度快{n}倍。",
        ),
    ),
)

# Statements of fact without a figure, (en, fr, zh).
FACTS: tuple[tuple[str, str, str], ...] = (
    (
        "{product} is available today through the {company} API.",
        "{product} est disponible dès aujourd'hui via l'API de {company}.",
        "{product}即日起透過{company} API提供。",
    ),
    (
        "{product} runs on {gpu} GPUs in {company}'s data centers.",
        "{product} tourne sur des GPU {gpu} dans les centres de données de {company}.",
        "{product}執行在{company}資料中心的{gpu} GPU上。",
    ),
    (
        "The model will be available {where} from {month}.",
        "Le modèle sera disponible {where} à partir de {month}.",
        "該模型將自{month}起{where}上線。",
    ),
    (
        "{company} has not said when {product} will reach free users.",
        "{company} n'a pas précisé quand {product} arrivera chez les utilisateurs gratuits.",
        "{company}尚未說明{product}何時開放給免費使用者。",
    ),
    (
        "Access to {product} is limited to eligible enterprise accounts for now.",
        "L'accès à {product} est pour l'instant réservé aux comptes entreprise éligibles.",
        "{product}目前僅開放給符合資格的企業帳戶使用。",
    ),
    (
        "{company} and {company2} signed a multi-year agreement to serve {product}.",
        "{company} et {company2} ont signé un accord pluriannuel pour servir {product}.",
        "{company}與{company2}簽署多年期協議，共同提供{product}服務。",
    ),
    (
        "{product} is a faster serving mode of an existing model, not a new model.",
        "{product} est un mode de service plus rapide d'un modèle existant, pas un nouveau modèle.",
        "{product}並非全新模型，而是既有模型的更快服務模式。",
    ),
    (
        "The speed gains come from speculative decoding and new kernels written for {gpu}.",
        "Les gains de vitesse viennent du décodage spéculatif et de nouveaux noyaux écrits pour {gpu}.",
        "速度提升來自推測解碼以及為{gpu}撰寫的新核心程式。",
    ),
    (
        "{company} did not publish the batch size used in its measurements.",
        "{company} n'a pas publié la taille de lot utilisée pour ses mesures.",
        "{company}並未公布其測量所使用的批次大小。",
    ),
    (
        "The announcement gives no figure for the number of GPUs behind the service.",
        "L'annonce ne donne aucun chiffre sur le nombre de GPU derrière le service.",
        "公告中沒有說明該服務背後使用了多少顆GPU。",
    ),
    (
        "Developers can switch to {product} by changing one parameter in their API calls.",
        "Les développeurs peuvent passer à {product} en changeant un seul paramètre de leurs appels d'API.",
        "開發者只需修改API呼叫中的一個參數即可切換至{product}。",
    ),
    (
        "{product} supports tool calls, structured output and image input.",
        "{product} prend en charge les appels d'outils, les sorties structurées et les images en entrée.",
        "{product}支援工具呼叫、結構化輸出與圖片輸入。",
    ),
    (
        "{company} says {product} was trained and served on the same {gpu} infrastructure.",
        "{company} indique que {product} a été entraîné et servi sur la même infrastructure {gpu}.",
        "{company}表示，{product}的訓練與推論都在同一套{gpu}基礎設施上完成。",
    ),
    (
        "The price for {product} was not disclosed at launch.",
        "Le prix de {product} n'a pas été communiqué au lancement.",
        "{product}上市時並未公布價格。",
    ),
    (
        "The conditions behind the speed figure, such as prompt length, were not stated.",
        "Les conditions derrière le chiffre de vitesse, comme la longueur des requêtes, n'ont pas été précisées.",
        "速度數字背後的條件，例如提示長度，並未說明。",
    ),
    (
        "{company} published a migration guide for {product} on its developer site.",
        "{company} a publié un guide de migration vers {product} sur son site pour développeurs.",
        "{company}在其開發者網站上發布了{product}的遷移指南。",
    ),
    (
        "{product} is included in the Work and Edu plans {where}.",
        "{product} est inclus dans les offres Work et Edu {where}.",
        "{product}{where}已納入Work與Edu方案。",
    ),
    (
        "Rate limits for {product} are lower than for the Standard mode during the preview.",
        "Pendant la phase de test, les limites de débit de {product} sont plus basses que celles du mode Standard.",
        "在預覽期間，{product}的速率限制低於標準模式。",
    ),
    (
        "{company} confirmed that {product} uses the same weights as the Standard mode.",
        "{company} a confirmé que {product} utilise les mêmes poids que le mode Standard.",
        "{company}證實{product}使用與標準模式相同的權重。",
    ),
    (
        "No independent benchmark of {product} had been published by {month}.",
        "Aucun test indépendant de {product} n'avait été publié en {month}.",
        "截至{month}，尚無針對{product}的獨立基準測試發表。",
    ),
    (
        "The data centers serving {product} {where} run on {gpu} racks with liquid cooling.",
        "Les centres de données qui servent {product} {where} utilisent des baies {gpu} refroidies par liquide.",
        "{where}提供{product}服務的資料中心採用液冷的{gpu}機櫃。",
    ),
    (
        "{company} will retire the previous mode of {product} in {month}.",
        "{company} retirera l'ancien mode de {product} en {month}.",
        "{company}將於{month}停用{product}的舊模式。",
    ),
)

# What an executive said, (en, fr, zh); the claimant is {exec}.
SAYINGS: tuple[tuple[str, str, str], ...] = (
    (
        "“Speed changes what people build,” said {exec}, {role} at {org}.",
        "« La vitesse change ce que les gens construisent », a déclaré {exec}, {role} chez {org}.",
        "{org}{role}{exec}表示：「速度改變了人們打造的東西。」",
    ),
    (
        "“This is the fastest model we have ever served,” {exec} told reporters.",
        "« C'est le modèle le plus rapide que nous ayons jamais servi », a dit {exec} à la presse.",
        "{exec}對記者表示：「這是我們提供過最快的模型。」",
    ),
    (
        "“Our customers asked for lower latency, not bigger models,” said {exec}.",
        "« Nos clients demandaient une latence plus faible, pas des modèles plus gros », a affirmé {exec}.",
        "{exec}說：「客戶要的是更低的延遲，而不是更大的模型。」",
    ),
    (
        "{exec}, {role} at {org}, called {product} “a new baseline for interactive AI.”",
        "{exec}, {role} chez {org}, a qualifié {product} de « nouvelle référence pour l'IA interactive ».",
        "{org}{role}{exec}稱{product}為「互動式AI的新基準」。",
    ),
    (
        "“We will share pricing once the preview ends,” {exec} said.",
        "« Nous communiquerons les prix à la fin de la phase de test », a indiqué {exec}.",
        "{exec}表示：「預覽期結束後我們會公布價格。」",
    ),
    (
        "“Every {gpu} we add goes straight into serving,” said {exec}.",
        "« Chaque {gpu} que nous ajoutons sert directement à l'inférence », a expliqué {exec}.",
        "{exec}說：「我們新增的每一顆{gpu}都直接投入推論服務。」",
    ),
    (
        "“Agents spend most of their time waiting for tokens, and that wait is now gone,” said {exec}.",
        "« Les agents passent l'essentiel de leur temps à attendre des jetons, et cette attente a disparu », a dit {exec}.",
        "{exec}表示：「代理程式大部分時間都在等待token，而現在這段等待消失了。」",
    ),
    (
        "“We did not trade quality for speed,” {exec}, {role}, insisted.",
        "« Nous n'avons pas sacrifié la qualité à la vitesse », a insisté {exec}, {role}.",
        "{role}{exec}強調：「我們沒有犧牲品質來換取速度。」",
    ),
)

# Commentary that carries no claim: the rest of an article, (en, fr, zh).
FILLER: tuple[tuple[str, str, str], ...] = (
    (
        "The launch comes as providers compete on speed rather than on model size.",
        "Ce lancement intervient alors que les fournisseurs rivalisent sur la vitesse plutôt que sur la taille des modèles.",
        "這次發布正值各家業者從比拚模型規模轉向比拚速度之際。",
    ),
    (
        "Analysts expect other providers to follow within months.",
        "Les analystes s'attendent à ce que d'autres fournisseurs suivent d'ici quelques mois.",
        "分析師預期其他業者將在數月內跟進。",
    ),
    (
        "The blog post does not describe how the measurements were made.",
        "Le billet de blog ne décrit pas la manière dont les mesures ont été faites.",
        "部落格文章並未說明測量方式。",
    ),
    (
        "Faster generation matters most for coding assistants and agents.",
        "Une génération plus rapide compte surtout pour les assistants de programmation et les agents.",
        "更快的生成速度對程式助理與代理程式最為重要。",
    ),
    (
        "Several customers said they had been testing the mode for weeks.",
        "Plusieurs clients ont déclaré tester ce mode depuis plusieurs semaines.",
        "多位客戶表示他們已測試該模式數週。",
    ),
    (
        "The market for inference hardware has grown quickly this year.",
        "Le marché du matériel d'inférence a fortement progressé cette année.",
        "今年推論硬體市場成長迅速。",
    ),
    (
        "It is not clear how the speed holds up with long prompts.",
        "On ignore comment la vitesse se maintient avec de longues requêtes.",
        "目前尚不清楚在長提示下速度能否維持。",
    ),
    (
        "The company declined to comment on its GPU supply.",
        "L'entreprise n'a pas souhaité commenter son approvisionnement en GPU.",
        "該公司拒絕評論其GPU供應狀況。",
    ),
    (
        "Independent researchers have asked for reproducible numbers.",
        "Des chercheurs indépendants ont demandé des chiffres reproductibles.",
        "獨立研究人員要求提供可重現的數據。",
    ),
    (
        "For users, the difference shows up as answers that appear almost at once.",
        "Pour les utilisateurs, la différence se traduit par des réponses qui s'affichent presque instantanément.",
        "對使用者來說，差異在於答案幾乎立即出現。",
    ),
    (
        "The announcement was timed to coincide with the developer conference.",
        "L'annonce a été programmée pour coïncider avec la conférence des développeurs.",
        "這項公告刻意安排在開發者大會期間發布。",
    ),
    (
        "Pricing pages were updated later the same day.",
        "Les pages de tarifs ont été mises à jour plus tard dans la journée.",
        "價格頁面在當天稍晚更新。",
    ),
    (
        "Competitors published their own speed figures the following week.",
        "Les concurrents ont publié leurs propres chiffres de vitesse la semaine suivante.",
        "競爭對手在隔週公布了各自的速度數據。",
    ),
    (
        "The summary below was produced with the help of AI agents.",
        "Le résumé ci-dessous a été produit avec l'aide d'agents d'IA.",
        "以下摘要在AI代理程式的協助下完成。",
    ),
    (
        "Energy use remains the main constraint on new data centers.",
        "La consommation d'énergie reste la principale contrainte pour les nouveaux centres de données.",
        "能源消耗仍是新建資料中心的主要限制。",
    ),
    (
        "The figures were repeated in several interviews without further detail.",
        "Les chiffres ont été répétés dans plusieurs entretiens sans plus de détails.",
        "這些數字在多次訪談中被重複提及，但沒有更多細節。",
    ),
)
